import Glibc

/// A value behind a plain `pthread_mutex_t`, for state that many threads write briefly.
///
/// `Synchronization.Mutex` waits on a priority-inheritance futex, which enters the kernel on
/// every contended lock and unlock; with many sending threads on few cores that cost dominates
/// (the stress test took 3 to 4 times longer). A default pthread mutex spins briefly first and
/// wakes waiters without the priority-inheritance bookkeeping.
final class PthreadMutex<Value>: @unchecked Sendable {
  // Read and written only under `lock`.
  private var value: Value
  private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init(_ value: Value) {
    self.value = value
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
    pthread_mutex_init(lock, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(lock)
    lock.deallocate()
  }

  /// Changes the value, alone. `body` must not take the lock again.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    return try body(&value)
  }
}
