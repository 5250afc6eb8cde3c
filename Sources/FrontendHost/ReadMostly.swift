import Glibc

/// A value read from any thread on every call and rarely written, behind a reader-writer lock:
/// readers (front-end threads sending at once) do not wait for each other, as they would for a
/// `Mutex`. Writers are preferred, so a steady stream of readers cannot starve one.
final class ReadMostly<Value>: @unchecked Sendable {
  // Read under the read lock, written under the write lock.
  private var value: Value
  private let lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)

  init(_ value: Value) {
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
  func read<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
    pthread_rwlock_rdlock(lock)
    defer { pthread_rwlock_unlock(lock) }
    return try body(value)
  }

  /// Changes the value, alone.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_rwlock_wrlock(lock)
    defer { pthread_rwlock_unlock(lock) }
    return try body(&value)
  }
}
