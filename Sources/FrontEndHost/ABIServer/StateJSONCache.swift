import TicTacToeAppCore

/// The JSON-lines `state` object of the host's state, encoded once per revision and handed to
/// every front end that asks (`read_state_json`, ABI 1.6): `jsonl` on standard output, its
/// observers and every client of the host's socket write the same bytes.
///
/// The host counts every change of its state, a rewind included, as a new revision (see
/// ``StateHistory``), so a revision names one state: the entry made for it serves until the
/// next change. Except while an action's observers are told: the store tells them after the
/// reducer ran and before the history counts the change, so the bridge forgets the entry at
/// every action (``forget()``), and a read then encodes the new state.
@MainActor
final class StateJSONCache {
  /// What an entry keeps besides the bytes.
  struct Header {
    /// The revision of the state the bytes show.
    var revision: UInt64
    /// The screen on top in that state.
    var screen: HostFeature
    /// How many bytes there are.
    var count: Int
    /// How many bytes the entry has room for.
    let capacity: Int
  }

  /// One revision's object, its bytes stored in the same allocation. A handle keeps the entry
  /// of its last read (the ABI's [until-next-read]), so a new revision is written into an
  /// entry only once no handle holds it (see ``entry(_:revision:)``), never over bytes a front
  /// end may still hold.
  final class Entry: ManagedBuffer<Header, UInt8> {
    /// An entry holding `bytes`, the object of `revision` whose screen on top is `screen`, one
    /// allocation with room for a longer object. Not isolated (see ``UncheckedClosures``).
    static func make(
      _ bytes: UnsafeRawBufferPointer, revision: UInt64, screen: HostFeature
    ) -> Entry {
      // Room to spare (256 bytes, or the count's next power of two), so that a later revision's
      // object a little longer, an email a digit longer, is written in place too.
      var room = 256
      while room < bytes.count { room <<= 1 }
      let entry = unsafeDowncast(
        create(minimumCapacity: room) {
          Header(revision: revision, screen: screen, count: 0, capacity: $0.capacity)
        }, to: Entry.self)
      entry.store(bytes, revision: revision, screen: screen)
      return entry
    }

    /// Writes `bytes`, at most ``Header/capacity``, the object of `revision` whose screen on top
    /// is `screen`, over the entry's: nobody may hold it.
    func store(_ bytes: UnsafeRawBufferPointer, revision: UInt64, screen: HostFeature) {
      withUnsafeMutablePointers { header, elements in
        header.pointee.revision = revision
        header.pointee.screen = screen
        header.pointee.count = bytes.count
        UnsafeMutableRawPointer(elements).copyMemory(
          from: bytes.baseAddress!, byteCount: bytes.count)
      }
    }

    /// The bytes, valid as long as this entry.
    var bytes: UnsafeRawBufferPointer {
      withUnsafeMutablePointers { header, elements in
        UnsafeRawBufferPointer(start: elements, count: header.pointee.count)
      }
    }
  }

  private let encoder = StateJSONEncoder()
  /// Where each object is written before it is copied into its entry; it keeps its room.
  private let writer = StateJSONBytes(capacity: 1024)
  /// The entry made last, handed out while ``isCurrent``.
  private var current: Entry?
  /// Whether ``current`` shows the store's state at its revision (see ``forget()``).
  private var isCurrent = false
  /// The entry ``current`` replaced, kept to be written again once nobody holds it: with each
  /// front end reading after every change, the current one is still held by the readers when
  /// the first reads the next revision, and the one before is free by then.
  private var spare: Entry?

  /// Forgets the current entry as the object of its revision (handles that hold it keep it):
  /// the store's state may have changed while the revision did not yet.
  func forget() {
    isCurrent = false
  }

  /// The object of `state`, whose revision is `revision`: the entry made for that revision,
  /// or one made now, in an entry nobody holds if there is one with room.
  func entry(_ state: TicTacToe.State, revision: UInt64) -> Entry {
    if isCurrent, let current, current.header.revision == revision { return current }
    writer.reset()
    let screen = encoder.write(state, to: writer)
    isCurrent = true
    if let free = Self.free(&current, room: writer.count) {
      free.store(writer.bytes, revision: revision, screen: screen)
      return free
    }
    if let free = Self.free(&spare, room: writer.count) {
      spare = current
      current = free
      free.store(writer.bytes, revision: revision, screen: screen)
      return free
    }
    let made = Entry.make(writer.bytes, revision: revision, screen: screen)
    spare = current
    current = made
    return made
  }

  /// `entry` if nobody else holds it (no handle kept it as its last read) and it has room for
  /// `count` bytes.
  private static func free(_ entry: inout Entry?, room count: Int) -> Entry? {
    guard isKnownUniquelyReferenced(&entry), let entry, entry.header.capacity >= count else {
      return nil
    }
    return entry
  }
}
