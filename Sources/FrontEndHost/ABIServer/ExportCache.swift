import TicTacToeAppSchema
import TicTacToeFrontEndABI
import UnidirectionalFlow

/// Each feature's state as last exported for the C ABI, shared by every front end's handles:
/// after a change, the first front end to read a screen fills its struct and copies its
/// strings, and the others get the same struct, so a screen is exported once per change,
/// not once per front end. A screen made again into an entry nobody holds any more (no handle
/// kept it as its last read) is made in place, in the entry's allocation and its strings'
/// block (the current entry, or the one it replaced, ``spares``): as long as every front end
/// reads the screen after each change, its export allocates nothing.
///
/// An entry is used again while the feature's state is the one it was made from (the same
/// ``ObservableStateID``) and the state has reported no change since (its
/// ``StateChangeStamp``, taken once per export: a screen's export reads the screen's own
/// fields alone): a setter that changed a field of the screen's state. A change inside a
/// presented child (the game under the new-game screen, the two-factor form under login) does
/// not make its parent's screen again, since the parent's export reads only whether the child
/// is there. Checking costs a few loads, where comparing the states cost a walk of every field.
///
/// What runs no setter is no change to the stamp: a state put back whole (rewind, undo, a
/// replay's rewind step, a remote host's state) is a copy of an earlier value with the same
/// identity. Whoever puts the store's state back calls ``dropAll()`` first (see
/// ``StoreBridge/rewind(to:)``). The root is not exported here: its struct points to no strings
/// and holds the revision, so `read_root` fills it straight, and keeps it for the revision and
/// replay progress it shows (``root(at:replay:)``).
@MainActor
final class ExportCache {
  /// What an entry keeps besides the struct's bytes.
  struct Header {
    /// The identity of the feature's state the export was made from.
    var id: ObservableStateID
    /// The states the export read, with their change counts then.
    var stamp: StateChangeStamp
    /// The C strings the struct points to.
    let strings: FieldStorage
    /// The struct's size.
    let count: Int
  }

  /// One feature's export: the struct's bytes, stored in the same allocation, and the C
  /// strings it points to, which live as long as the entry (a handle keeps the entry of its
  /// last read: the ABI's [until-next-read]). Not generic, so that finding it costs no
  /// metadata look-up.
  final class Entry: ManagedBuffer<Header, UInt8> {
    /// An entry of `header` holding the bytes of `value`, one allocation. Not isolated, as its
    /// closures would otherwise check at every call that they run on the main actor (see
    /// ``UncheckedClosures``).
    static func make<Exported>(_ value: Exported, _ header: Header) -> Entry {
      let entry = unsafeDowncast(
        create(minimumCapacity: header.count) { _ in header }, to: Entry.self)
      entry.store(value)
      return entry
    }

    /// Stores the bytes of `value`, a struct of the entry's size, as the entry's struct.
    func store<Exported>(_ value: Exported) {
      withUnsafeMutablePointerToElements { bytes in
        withUnsafeBytes(of: value) {
          UnsafeMutableRawPointer(bytes).copyMemory(from: $0.baseAddress!, byteCount: $0.count)
        }
      }
    }

    /// Runs `body` with the struct's bytes.
    func withBytes(_ body: (UnsafeRawBufferPointer) -> Void) {
      withUnsafeMutablePointers { header, bytes in
        body(UnsafeRawBufferPointer(start: bytes, count: header.pointee.count))
      }
    }

    /// Whether this export shows the state whose identity is `id` as it is: made from it, and
    /// no state it read changed since. Through the header's pointer, as below: `header` checks
    /// exclusivity at each access.
    func shows(_ id: ObservableStateID) -> Bool {
      withUnsafeMutablePointerToHeader { $0.pointee.id == id && $0.pointee.stamp.isCurrent }
    }

    /// Notes that the export is made again, from the state whose identity is `id`, as `stamp`
    /// says it was read.
    ///
    /// - Returns: The strings of the export, emptied for the new one.
    func remake(from id: ObservableStateID, _ stamp: StateChangeStamp) -> FieldStorage {
      withUnsafeMutablePointerToHeader { header in
        header.pointee.id = id
        header.pointee.stamp = stamp
        header.pointee.strings.removeAll()
        return header.pointee.strings
      }
    }
  }

  // No exclusivity checks, here and below: every access is instantaneous, or an
  // `isKnownUniquelyReferenced` that calls out to nothing, on the store thread (about 700
  // instructions per export with them).
  @exclusivity(unchecked) private var entries: [Entry?] = Array(
    repeating: nil, count: HostFeature.allCases.count)
  /// Per feature, the entry the current one replaced, kept to be made again in place once
  /// nobody holds it: with several front ends reading, the current one is still held by the
  /// others when the first reads a change, and the one before is free by then.
  @exclusivity(unchecked) private var spares: [Entry?] = Array(
    repeating: nil, count: HostFeature.allCases.count)
  /// Per feature, the host's revision at which its entry was last handed out as current
  /// (`nil`: not since it was made or dropped). A revision names one state (see
  /// ``StateJSONCache``), so until the next one the entry is current without a look at the
  /// state: the second front end to read a change gets it for a comparison.
  @exclusivity(unchecked) private var handedOutAt: [UInt64?] = Array(
    repeating: nil, count: HostFeature.allCases.count)

  /// Per feature (bit `rawValue`), and for the root (``rootBit``): what was handed out at the
  /// revision now is not to be taken for current, as an action was reduced since
  /// (``forgetHandOuts()``). One word, so that forgetting costs a store at every action.
  @exclusivity(unchecked) private var forgotten: UInt64 = 0
  private static let rootBit: UInt64 = 1 << 63

  /// The root's struct as `read_root` last filled it, with the replay progress it shows.
  @exclusivity(unchecked) private var root: (value: ttt_root_state, replay: ReplayProgress?)?

  /// The root's struct as filled at `revision`, the host's revision now, with `replay`, its
  /// replay progress now; `nil` when it was not filled since (then ``keep(root:replay:)``).
  func root(at revision: UInt64, replay: ReplayProgress?) -> ttt_root_state? {
    guard forgotten & Self.rootBit == 0, let root, root.value.revision == revision,
      root.replay == replay
    else { return nil }
    return root.value
  }

  /// Keeps `root`, the root's struct as just filled with `replay`, for ``root(at:replay:)``.
  func keep(root: ttt_root_state, replay: ReplayProgress?) {
    self.root = (root, replay)
    forgotten &= ~Self.rootBit
  }

  /// `feature`'s export as handed out at `revision`, the host's revision now, or `nil` when it
  /// was not handed out at this revision (then ``export(_:of:at:)`` looks at the state).
  func kept(_ feature: HostFeature, at revision: UInt64) -> Entry? {
    let slot = Int(feature.rawValue)
    return handedOutAt[slot] == revision && forgotten & 1 << slot == 0 ? entries[slot] : nil
  }

  /// The export of `state`, `feature`'s part of the app state, as ``export(_:)`` finds or
  /// makes it, noted as current at `revision`, the host's revision now, for ``kept(_:at:)``.
  func export(_ state: FeatureState, of feature: HostFeature, at revision: UInt64) -> Entry? {
    guard let entry = export(state) else { return nil }
    handedOutAt[Int(feature.rawValue)] = revision
    forgotten &= ~(1 << UInt64(feature.rawValue))
    return entry
  }

  /// The export of `state`, a screen's part of the app state: the kept one if it was made
  /// from this state and nothing it read changed since, else a new one (and kept). `nil` for
  /// the root, which is not exported here. Each screen's export is picked here, so that a read
  /// hands over no function (see ``HostAPI/read(_:_:_:_:)``).
  func export(_ state: FeatureState) -> Entry? {
    switch state {
    case .root: nil
    case .login(let login): export(login, .login, StateExport.login)
    case .twoFactor(let twoFactor): export(twoFactor, .twoFactor, StateExport.twoFactor)
    case .newGame(let newGame): export(newGame, .newGame, StateExport.newGame)
    case .game(let game): export(game, .game, StateExport.game)
    }
  }

  /// The export of `screen`, `feature`'s state, kept or made by `make` into the strings it is
  /// handed. A screen's export reads the screen's own fields alone (of a presented child, only
  /// whether it is there), so its stamp is the screen's, taken once
  /// (``StateChangeStamp/init(reading:)``), not recorded field by field. Inlined, so that
  /// `make` is called straight, not through a closure that copies the screen's state.
  @inline(__always)
  private func export<Screen: ObservableState, Exported>(
    _ screen: Screen, _ feature: HostFeature, _ make: (Screen, FieldStorage) -> Exported
  ) -> Entry {
    let slot = Int(feature.rawValue)
    let id = screen._$id
    if let kept = entries[slot], kept.shows(id) { return kept }
    let stamp = StateChangeStamp(reading: id)
    if let free = takeFree(slot) {
      free.store(make(screen, free.remake(from: id, stamp)))
      entries[slot] = free
      return free
    }
    let strings = FieldStorage()
    let entry = Entry.make(
      make(screen, strings),
      Header(id: id, stamp: stamp, strings: strings, count: MemoryLayout<Exported>.size))
    spares[slot] = entries[slot]
    entries[slot] = entry
    return entry
  }

  /// An entry of `slot`'s that nobody else holds (no handle kept it as its last read), to be
  /// made again in place, its strings emptied first: nobody can still be reading them. The
  /// current one (with one front end reading, the reader dropped it before asking), else the
  /// spare, which the current one then becomes.
  private func takeFree(_ slot: Int) -> Entry? {
    if isKnownUniquelyReferenced(&entries[slot]) { return entries[slot] }
    guard isKnownUniquelyReferenced(&spares[slot]) else { return nil }
    defer { spares[slot] = entries[slot] }
    return spares[slot]
  }

  /// Forgets which exports and root were handed out at the revision now, keeping the exports
  /// themselves: an action was reduced, and the store's state may have changed while the
  /// revision did not yet (its observers are told before the history counts it). A read then
  /// looks at the state, as ``export(_:)`` does, instead of taking what was handed out before
  /// the action.
  func forgetHandOuts() {
    forgotten = ~0
  }

  /// Forgets every export, for a state tree put back whole: what was exported may show a later
  /// value of the same states, which no setter will report (see the type's comment).
  func dropAll() {
    root = nil
    for slot in entries.indices {
      entries[slot] = nil
      spares[slot] = nil
      handedOutAt[slot] = nil
    }
  }
}
