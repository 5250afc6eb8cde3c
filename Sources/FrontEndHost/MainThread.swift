import Foundation

/// Whether the caller runs on the process's main thread: `Thread.isMainThread` is asked once
/// per thread (here it makes two system calls: the thread id against the process id), and the
/// answer kept in the thread's own storage, so the store-thread check on every ABI call costs
/// a load.
func isMainThread() -> Bool {
  // The marks: any two non-null pointers, never dereferenced.
  if let mark = pthread_getspecific(mainThreadMarkKey) { return Int(bitPattern: mark) == 1 }
  let isMain = Thread.isMainThread
  pthread_setspecific(mainThreadMarkKey, UnsafeRawPointer(bitPattern: isMain ? 1 : 2))
  return isMain
}

/// The thread-local slot that keeps each thread's answer.
private let mainThreadMarkKey: pthread_key_t = {
  var key = pthread_key_t()
  pthread_key_create(&key, nil)
  return key
}()
