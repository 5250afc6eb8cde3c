/// Waiting in async code on the event loop's clock rather than a dispatch timer.
extension EventLoop {
  /// Suspends until `delay` has passed, or until the task is cancelled.
  ///
  /// `Task.sleep` arms a libdispatch timer, and libdispatch traps when its first timer finds
  /// no descriptor left (a `--listen` host at its `ulimit -n`); the loop's `poll` timeout
  /// needs none.
  public func sleep(for delay: Duration) async {
    let sleeper = Sleeper()
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        sleeper.start(continuation, on: self, for: delay)
      }
    } onCancel: {
      sleeper.wake(cancelling: self)
    }
  }
}

/// One ``EventLoop/sleep(for:)``: its continuation, resumed once, by the timer or by a
/// cancellation, whichever comes first.
private final class Sleeper: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Void, Never>?
    var interest: EventLoopInterest?
    var isWoken = false
  }

  private let state = Lock(State())

  func start(
    _ continuation: CheckedContinuation<Void, Never>, on loop: any EventLoop, for delay: Duration
  ) {
    let isWoken = state.withLock { state in
      if !state.isWoken { state.continuation = continuation }
      return state.isWoken
    }
    guard !isWoken else { return continuation.resume() }
    let interest = loop.after(delay) { self.wake(cancelling: nil) }
    state.withLock { $0.interest = interest }
  }

  func wake(cancelling loop: (any EventLoop)?) {
    let (continuation, interest) = state.withLock { state in
      state.isWoken = true
      defer { state.continuation = nil }
      return (state.continuation, state.interest)
    }
    if let loop, let interest { loop.cancel(interest) }
    continuation?.resume()
  }
}
