import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The ``ObservableState`` values a read read fields of, each with its change count at the
/// time: whether what the read saw may have changed since, for less than a
/// `withObservationTracking` costs.
///
/// ```swift
/// let (screen, stamp) = StateChangeStamp.recording { render(store.state.login) }
/// // later: render again only if a field the renderer read may have changed
/// if !stamp.isCurrent { ... }
/// ```
///
/// A state read while recording is *counted* from then on (it and its copies; see
/// ``ObservationStateRegistrar``): every change its setters make that would notify an
/// observer adds one to a count its copies share, and the stamp compares those counts. So the
/// stamp stays current while no setter changed a state it read, and:
///
/// - a change to a field of that state the read did not read still makes it stale (the count is
///   per state, not per field), as does a change to any of that state's copies;
/// - a change inside a child state stored in a field makes the child's count move, not the
///   parent's: a read that read only whether the child is there stays current;
/// - a state made anew (a new identity) is not the state read: compare identities too;
/// - a copy of an earlier value put back whole runs no setter, so the stamp stays current
///   though the value differs: whoever puts values back (undo, rewind) drops what it keeps.
///
/// A state never read while recording pays nothing for this.
public struct StateChangeStamp: Sendable {
  /// One state read, and its change count when read.
  private struct Read: Sendable {
    let storage: ObservationStateRegistrar.Storage
    let changes: UInt64

    var isCurrent: Bool { storage.changes.load(ordering: .relaxed) == changes }
  }

  /// The first state read, kept inline: most reads read one state, and cost no array.
  private var first: Read?
  /// The other states read, in the order read.
  private var others: [Read] = []

  /// The reads of the recording under way (on the main actor). Only the thread that records
  /// adds to them (``recordingThread``): another thread reading a state meanwhile read it for
  /// something else.
  private static let recorded = Mutex(StateChangeStamp())

  /// The thread a recording is under way on (`pthread_self`), 0 when none is. Checked before
  /// ``recorded`` is touched, so that no other thread contends for it: besides the wait, a
  /// `Mutex` is a futex that ThreadSanitizer cannot see, and it would report the contention as
  /// a race.
  private static let recordingThread = Atomic<UInt>(0)

  private init() {}

  /// Runs `read`, recording every ``ObservableState`` whose field it reads through the field's
  /// getter, with the state's change count.
  ///
  /// - Parameter read: The read to stamp.
  /// - Returns: What `read` returned, and the stamp of what it read.
  @MainActor
  public static func recording<Value>(
    _ read: () throws -> Value
  ) rethrows -> (value: Value, stamp: StateChangeStamp) {
    let isNested = ObservedReads.depth.load(ordering: .relaxed) >= ObservedReads.recordingRead
    let outerThread = recordingThread.exchange(UInt(pthread_self()), ordering: .relaxed)
    defer { recordingThread.store(outerThread, ordering: .relaxed) }
    let outer = swapRecorded(for: StateChangeStamp())
    let value: Value
    do {
      value = try ObservedReads.within(ObservedReads.recordingRead, read)
    } catch {
      _ = finish(outer, isNested: isNested)
      throw error
    }
    return (value, finish(outer, isNested: isNested))
  }

  /// The stamp of a read of the own fields of the state whose identity is `id`, and of
  /// nothing else, taken at once, without recording the read: what ``recording(_:)`` gives
  /// for such a read, for a reader that knows it reads no other state (a screen's export reads
  /// its state's fields, and of a state a field holds only whether it is there). The state is
  /// counted from now on, as a recorded read counts it. The identity of a state that is not a
  /// struct (an enum's) is stamped as never current: only a recording sees what such a read
  /// reads.
  ///
  /// - Parameter id: The identity (`_$id`) of the state whose fields the read reads.
  public init(reading id: ObservableStateID) {
    guard let storage = id.storage else {
      first = Read(storage: Self.neverCounted, changes: 1)
      return
    }
    storage.set(ObservationStateRegistrar.Storage.counted)
    first = Read(storage: storage, changes: storage.changes.load(ordering: .relaxed))
  }

  /// A storage no state has, so never counted: its count stays 0.
  private static let neverCounted = ObservationStateRegistrar.Storage()

  /// Puts `stamp` in ``recorded``. Not isolated, like the other helpers around the lock:
  /// handed to the lock from the main actor, a closure would check at every call that it runs
  /// there.
  ///
  /// - Returns: What was recorded so far.
  private static func swapRecorded(for stamp: StateChangeStamp) -> StateChangeStamp {
    recorded.withLock { recorded in
      defer { recorded = stamp }
      return recorded
    }
  }

  /// Ends a recording: puts the outer one's reads, `outer`, back, with these added if it is
  /// under way (`isNested`); with none under way, nothing is left recorded (nor kept alive).
  ///
  /// - Returns: The reads of the recording ended.
  private static func finish(_ outer: StateChangeStamp, isNested: Bool) -> StateChangeStamp {
    recorded.withLock { recorded in
      let inner = recorded
      recorded = outer
      if isNested { recorded.add(inner) }
      return inner
    }
  }

  /// Whether no state read has changed since it was read.
  public var isCurrent: Bool {
    guard let first else { return true }
    guard first.isCurrent else { return false }
    for read in others where !read.isCurrent { return false }
    return true
  }

  /// Records a read of the state `storage` belongs to, which is counted from now on, if it is
  /// read on the thread recording.
  static func record(_ storage: ObservationStateRegistrar.Storage) {
    guard recordingThread.load(ordering: .relaxed) == UInt(pthread_self()) else { return }
    storage.set(ObservationStateRegistrar.Storage.counted)
    let read = Read(storage: storage, changes: storage.changes.load(ordering: .relaxed))
    recorded.withLock { $0.add(read) }
  }

  /// Adds `read` unless its state was read already.
  private mutating func add(_ read: Read) {
    guard let first else {
      first = read
      return
    }
    guard first.storage !== read.storage, !others.contains(where: { $0.storage === read.storage })
    else { return }
    others.append(read)
  }

  /// Adds the reads of `other`.
  private mutating func add(_ other: StateChangeStamp) {
    if let read = other.first { add(read) }
    for read in other.others { add(read) }
  }
}
