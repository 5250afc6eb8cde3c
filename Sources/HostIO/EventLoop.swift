/// What calls the host back when a descriptor is ready, a delay has passed or a signal came:
/// passed to everything that waits (``InputSource``, ``OutputSink``, the socket listener, the
/// host's timers) rather than reached as a global, so that a test can hand them a
/// ``ManualEventLoop`` and run the waits on demand, without real time.
///
/// The process runs one ``PollingEventLoop``; tests use ``ManualEventLoop``.
///
/// ```swift
/// loop.whenReady(descriptor, .readable) { source.readAvailable() }
/// loop.after(.milliseconds(100)) { listener.start() }
/// loop.catchSignal(SIGTERM) { number in host.quit(signal: number) }
/// ```
///
/// Interests are one-shot: a callback runs once, on the store thread, and registers again if
/// it wants more.
public protocol EventLoop: AnyObject, Sendable {
  /// The loop's clock, which its timers keep: the continuous clock's now, or a test's.
  var now: ContinuousClock.Instant { get }

  /// Calls `handler` on the store thread once `descriptor` is ready for `readiness` (or has an
  /// error or a hang-up, which the handler then meets when it reads or writes).
  @discardableResult
  func whenReady(
    _ descriptor: Int32, _ readiness: EventLoopReadiness, _ handler: @escaping EventLoopHandler
  ) -> EventLoopInterest

  /// Calls `handler` on the store thread once `delay` has passed on the loop's clock.
  @discardableResult
  func after(_ delay: Duration, _ handler: @escaping EventLoopHandler) -> EventLoopInterest

  /// Forgets `interest` if its callback has not been scheduled yet.
  func cancel(_ interest: EventLoopInterest)

  /// Catches `signalNumber` from now on and calls `handler` with it on the store thread for
  /// every delivery (several deliveries while the loop is busy may be reported once).
  func catchSignal(
    _ signalNumber: Int32, _ handler: @escaping @MainActor @Sendable (Int32) -> Void)
}

/// What to wait for on a descriptor.
public enum EventLoopReadiness: Sendable {
  /// Bytes (or the end, or an error) to read.
  case readable
  /// Room to write (or an error).
  case writable
}

/// Identifies a registered interest (a descriptor or a timer), to cancel it.
public struct EventLoopInterest: Hashable, Sendable {
  let id: UInt64
}

/// A callback of an ``EventLoop``, run on the store thread.
public typealias EventLoopHandler = @MainActor @Sendable () -> Void
