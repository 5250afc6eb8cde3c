import Dispatch

/// Whether the caller runs on the store thread: the main queue, where the main actor runs.
///
/// The main thread is asked first (``isMainThread()``, a thread-local load): while it lives,
/// only it serves the main queue. Otherwise the queue-specific data is asked, because the main
/// queue is not always served by the main thread (after `dispatchMain()`, which ends the main
/// thread, it runs on a worker thread).
func isStoreThread() -> Bool {
  isMainThread() || DispatchQueue.getSpecific(key: storeQueueKey) == true
}

/// Marks the main queue as the store thread.
func markStoreThread() { DispatchQueue.main.setSpecific(key: storeQueueKey, value: true) }

private let storeQueueKey = DispatchSpecificKey<Bool>()
