import Foundation

/// Runs `body` on a thread of its own and waits for it without holding a thread of the
/// cooperative pool, which has one thread per core: a test that blocked one there (waiting for
/// a child process, say) would starve every other test in the process.
public func onOwnThread<T: Sendable>(
  _ body: @escaping @Sendable () throws -> T
) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
  }
}

/// Writes `data` to `handle` and closes it, on a thread of its own, so a child process that
/// reads slowly (or never) blocks only that thread. SIGPIPE, blocked on that thread only,
/// cannot kill the test process: a child that exits without reading everything makes the
/// write fail with EPIPE instead, and the pending signal ends with the thread.
public func writeInBackground(_ data: Data, to handle: FileHandle) {
  Thread.detachNewThread {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
    try? handle.write(contentsOf: data)
    try? handle.close()
  }
}
