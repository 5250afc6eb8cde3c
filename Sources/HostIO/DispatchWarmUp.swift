import Dispatch

/// Makes libdispatch's own descriptors while the process still has some to spare.
///
/// libdispatch opens its descriptors on first use: an epoll instance and an eventfd when its
/// first worker thread starts, and a timerfd per clock when a timer on that clock is first
/// armed. It cannot report a failure there and traps instead (SIGILL). A `--listen` host that
/// reached its `ulimit -n` with clients would die the first time an effect, a settle or a
/// client's login needed one of them. Made at start, they are reused for the life of the
/// process.
public enum DispatchWarmUp {
  /// Starts a worker thread and arms one short timer on each clock Swift's concurrency and
  /// `DispatchQueue.asyncAfter` use, and waits for all of them.
  public static func run() {
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      try? await Task.sleep(for: .nanoseconds(1), clock: .continuous)
      try? await Task.sleep(for: .nanoseconds(1), clock: .suspending)
      done.signal()
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(1)) { done.signal() }
    DispatchQueue.global().asyncAfter(wallDeadline: .now() + .nanoseconds(1)) { done.signal() }
    for _ in 0..<3 { done.wait() }
  }
}
