import Glibc

/// A value shared between threads, behind a `pthread_rwlock_t`: the host's one lock type (the
/// event loop's interests, the host's handle registry, action catalog and send queue).
///
/// Readers (front-end threads sending at once, each looking up its handle and the action
/// catalog) do not wait for each other; writers are preferred, so a steady stream of readers
/// cannot starve one. Not `Synchronization.Mutex`, which waits on a priority-inheritance futex
/// that enters the kernel on every contended lock and unlock (with 8 sending threads on 2 cores
/// the stress test took 3 to 4 times longer with it), and which ThreadSanitizer cannot see
/// through, so it reports races that are not there.
///
/// Its two accessors are `@inlinable`: called across modules for every ABI call (the handle
/// registry, the action catalog), they cost 25 of 2 500 samples of the JSON-lines benchmark
/// when not specialized.
public final class Lock<Value>: @unchecked Sendable {
  // Read under the read lock, written under the write lock. The lock keeps the accesses
  // apart, so the run-time exclusivity check (`swift_beginAccess`, on every access of a
  // class's stored property) would only say it again, on every ABI call.
  @usableFromInline @exclusivity(unchecked) var value: Value
  @usableFromInline let lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)

  /// A lock around `value`.
  public init(_ value: Value) {
    self.value = value
    var attributes = pthread_rwlockattr_t()
    pthread_rwlockattr_init(&attributes)
    pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
    pthread_rwlock_init(lock, &attributes)
    pthread_rwlockattr_destroy(&attributes)
  }

  deinit {
    pthread_rwlock_destroy(lock)
    lock.deallocate()
  }

  /// Reads the value, alongside other readers. `body` must not take the lock again.
  @inlinable
  public func read<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
    pthread_rwlock_rdlock(lock)
    defer { pthread_rwlock_unlock(lock) }
    return try body(value)
  }

  /// The value, read without the lock: only for the one thread that ever changes it, which
  /// cannot race with itself (other threads still read under ``read(_:)``). The handle
  /// registry's store thread reads its table so on every ABI call.
  @inlinable
  public var valueOnItsOnlyWriter: Value { value }

  /// Changes the value, alone. `body` must not take the lock again.
  @inlinable
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_rwlock_wrlock(lock)
    defer { pthread_rwlock_unlock(lock) }
    return try body(&value)
  }
}
