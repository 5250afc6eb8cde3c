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
///
/// Once a front end has read, each new state is encoded as the store tells the bridge of it
/// (``prepare(_:)``), from the state the store hands its subscriber: the read that follows
/// copies no state out of the store. Until a front end detaches (``forgetReaders()``).
@MainActor
final class StateJSONCache {
  /// What an entry keeps besides the bytes.
  struct Header {
    /// The revision of the state the bytes show.
    let revision: UInt64
    /// The screen on top in that state.
    let screen: HostFeature
    /// How many bytes there are.
    let count: Int
    /// How many the entry has room for.
    let capacity: Int
  }

  /// One revision's object, its bytes stored in the same allocation. A handle keeps the entry
  /// of its last read (the ABI's [until-next-read]), so a new revision makes a new entry rather
  /// than writing over bytes a front end may still hold.
  final class Entry: ManagedBuffer<Header, UInt8> {
    /// An entry of `header` holding `bytes`, one allocation. Not isolated (see
    /// ``UncheckedClosures``).
    static func make(_ bytes: UnsafeRawBufferPointer, _ header: Header) -> Entry {
      let entry = unsafeDowncast(
        create(minimumCapacity: header.capacity) { _ in header }, to: Entry.self)
      entry.fill(bytes, header)
      return entry
    }

    /// Holds `bytes`, described by `header`, in place of what it held: only an entry nobody
    /// else holds, with room for them.
    func fill(_ bytes: UnsafeRawBufferPointer, _ header: Header) {
      withUnsafeMutablePointers { stored, elements in
        stored.pointee = header
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
  private var current: Entry?
  /// The entry made last, kept after ``forget()``: once no handle holds it (each lets go of
  /// its entry at its next read), the next object is written into it, not into a new one.
  private var spare: Entry?

  /// Whether a front end has read since one last detached: while it has, every change is
  /// encoded as it is told.
  private(set) var isRead = false
  /// The screen on top in the object ``writer`` holds, encoded from the state the store told
  /// last; `nil` when none is, or once an action may have changed the state since.
  private var prepared: HostFeature?

  /// Forgets the current entry (handles that hold it keep it) and the object prepared: the
  /// store's state may have changed while the revision did not yet.
  func forget() {
    current = nil
    prepared = nil
  }

  /// A front end detached: each change is encoded as it is told only once a front end reads
  /// again, so that a host whose front ends no longer read (switched away from `jsonl`)
  /// encodes nothing. A reader still attached sets it again at its next read, which encodes
  /// the store's state then.
  func forgetReaders() {
    isRead = false
    prepared = nil
  }

  /// Encodes `state`, the store's new state as it tells its subscriber, for the next read,
  /// once a front end reads at all.
  func prepare(_ state: TicTacToe.State) {
    guard isRead else { return }
    writer.reset()
    prepared = encoder.write(state, to: writer)
  }

  /// The object of the store's state, whose revision is `revision`: the entry made for that
  /// revision, or a new one, of the object prepared, or else of `state()`.
  func entry(revision: UInt64, state: () -> TicTacToe.State) -> Entry {
    isRead = true
    if let current, current.header.revision == revision { return current }
    current = nil
    let screen: HostFeature
    if let prepared {
      screen = prepared
    } else {
      writer.reset()
      screen = encoder.write(state(), to: writer)
    }
    let count = writer.count
    let made: Entry
    if var entry = spare.take(), isKnownUniquelyReferenced(&entry),
      entry.header.capacity >= count
    {
      entry.fill(
        writer.bytes,
        Header(revision: revision, screen: screen, count: count, capacity: entry.header.capacity))
      made = entry
    } else {
      // Room to spare, so that a longer name or alert does not make a new entry each time.
      made = Entry.make(
        writer.bytes,
        Header(revision: revision, screen: screen, count: count, capacity: max(count * 2, 256)))
    }
    current = made
    spare = made
    return made
  }
}
