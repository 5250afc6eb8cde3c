import Synchronization

/// The reads that may register with an observation tracking: those a store makes for it
/// (`store.count`, `store.read(_:)`) and everything an ``observe(_:)`` renderer reads.
///
/// The toolchain's `Observation` module does not tell whether a tracking is in progress, so an
/// ``ObservableState`` cannot know, when read, whether the read matters. It counts on these
/// reads instead: the first one that reads a state marks it tracked (its registrar, shared by
/// its copies), and only a tracked state pays for observation. A state read only by reducers
/// and by plain `store.state` copies outside a renderer is read and written straight.
public enum ObservedReads {
  /// How many of these reads are under way (on the main actor; nested reads count again).
  @usableFromInline static let depth = Atomic<Int>(0)

  /// Whether a read under way registers with a tracking.
  @usableFromInline @inline(__always)
  static var areRegistering: Bool { depth.load(ordering: .relaxed) > 0 }

  /// Runs `read` as a read that registers: every ``ObservableState`` it reads becomes tracked.
  ///
  /// - Parameter read: The read, from a store or a renderer.
  /// - Returns: What `read` returns.
  @MainActor @inlinable @inline(__always)
  public static func registering<Value>(_ read: () throws -> Value) rethrows -> Value {
    let outer = depth.load(ordering: .relaxed)
    depth.store(outer + 1, ordering: .relaxed)
    defer { depth.store(outer, ordering: .relaxed) }
    return try read()
  }
}
