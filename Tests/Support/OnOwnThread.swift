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
