import Synchronization

/// The reads that may register with an observation tracking: those a store makes for it
/// (`store.count`, `store.read(_:)`) and everything an ``observe(_:)`` renderer reads; and the
/// reads a ``StateChangeStamp`` records.
///
/// The toolchain's `Observation` module does not tell whether a tracking is in progress, so an
/// ``ObservableState`` cannot know, when read, whether the read matters. It counts on these
/// reads instead: the first one that reads a state marks it tracked (its registrar, shared by
/// its copies), and only a tracked state pays for observation. A state read only by reducers
/// and by plain `store.state` copies outside a renderer is read and written straight.
public enum ObservedReads {
  /// How many of these reads are under way (on the main actor; nested reads count again):
  /// registering ones in the low 32 bits, recording ones (``StateChangeStamp``) above. One
  /// load tells that none is.
  @usableFromInline static let depth = Atomic<Int>(0)

  /// What a registering read adds to ``depth``.
  @inlinable static var registeringRead: Int { 1 }
  /// What a recording read adds to ``depth``.
  @inlinable static var recordingRead: Int { 1 << 32 }

  /// Runs `read` as a read that registers: every ``ObservableState`` it reads becomes tracked.
  ///
  /// - Parameter read: The read, from a store or a renderer.
  /// - Returns: What `read` returns.
  @MainActor @inlinable @inline(__always)
  public static func registering<Value>(_ read: () throws -> Value) rethrows -> Value {
    try within(registeringRead, read)
  }

  /// Runs `read` with `kind` (``registeringRead`` or ``recordingRead``) added to ``depth``.
  @MainActor @inlinable @inline(__always)
  static func within<Value>(_ kind: Int, _ read: () throws -> Value) rethrows -> Value {
    let outer = depth.load(ordering: .relaxed)
    depth.store(outer + kind, ordering: .relaxed)
    defer { depth.store(outer, ordering: .relaxed) }
    return try read()
  }

  /// A read of the state `storage` belongs to while ``depth`` is not 0: marks it tracked if a
  /// registering read is under way, and records it if a recording one is.
  ///
  /// - Returns: Whether the read registers with a tracking.
  @usableFromInline @inline(never)
  static func register(_ storage: ObservationStateRegistrar.Storage) -> Bool {
    let depth = depth.load(ordering: .relaxed)
    if depth >= recordingRead { StateChangeStamp.record(storage) }
    guard depth & (recordingRead - 1) != 0 else { return false }
    storage.set(ObservationStateRegistrar.Storage.observed)
    return true
  }
}
