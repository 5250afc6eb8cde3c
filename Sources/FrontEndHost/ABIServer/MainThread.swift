import CMainQueueLoop

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whether the caller runs on the process's main thread (the one whose thread id is the
/// process id): asked of the kernel once per thread, and the answer kept in the thread's own
/// storage, so the store-thread check on every ABI call costs a load.
func isMainThread() -> Bool {
  // The marks: any two non-null pointers, never dereferenced.
  if let mark = pthread_getspecific(mainThreadMarkKey) { return Int(bitPattern: mark) == 1 }
  let isMain = main_queue_loop_is_main_thread()
  pthread_setspecific(mainThreadMarkKey, UnsafeRawPointer(bitPattern: isMain ? 1 : 2))
  return isMain
}

/// The thread-local slot that keeps each thread's answer.
private let mainThreadMarkKey: pthread_key_t = {
  var key = pthread_key_t()
  pthread_key_create(&key, nil)
  return key
}()
