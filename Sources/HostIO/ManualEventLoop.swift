#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An ``EventLoop`` for tests, in the spirit of an embedded loop: nothing happens until the
/// test asks. Its clock stands still until ``advance(by:)`` moves it, and callbacks run on the
/// test's own thread (the store thread), inside ``run()`` or ``advance(by:)``.
///
/// Descriptors are real: ``run()`` asks `poll` without waiting which of the descriptors waited
/// for are ready, so a test writes to a real pipe, runs the loop, and the reader has read.
/// Time is not: a timer of a second fires when the test advances the clock by a second, at
/// once, so no test waits for real time or depends on the machine's speed.
///
/// ```swift
/// let loop = ManualEventLoop()
/// let input = InputSource(socket: descriptor, name: "peer", loop: loop)
/// input.requestRead()
/// loop.run()                          // reads what the peer wrote
/// loop.advance(by: .milliseconds(100))  // fires the timers due by then, in deadline order
/// loop.deliver(signal: SIGTERM)       // as if the signal had come
/// ```
public final class ManualEventLoop: EventLoop {
  private struct State {
    var registry = EventRegistry()
    var now = ContinuousClock.now
  }

  private let state = Lock(State())

  /// A loop whose clock starts now and stands still.
  public init() {}

  /// The loop's clock: when the loop was made, plus every ``advance(by:)`` since.
  public var now: ContinuousClock.Instant { state.read(\.now) }

  /// How many timers wait (fired and cancelled ones are gone).
  public var pendingTimerCount: Int { state.read(\.registry.timerCount) }

  /// Registers `handler` for the next ``run()`` that finds `descriptor` ready.
  @discardableResult
  public func whenReady(
    _ descriptor: Int32, _ readiness: EventLoopReadiness, _ handler: @escaping EventLoopHandler
  ) -> EventLoopInterest {
    state.withLock { $0.registry.add(descriptor, readiness, handler) }
  }

  /// Registers `handler` to fire once the loop's clock has advanced by `delay`.
  @discardableResult
  public func after(_ delay: Duration, _ handler: @escaping EventLoopHandler) -> EventLoopInterest {
    state.withLock { $0.registry.add(deadline: $0.now.advanced(by: delay), handler) }
  }

  /// Forgets `interest` if its callback has not run yet.
  public func cancel(_ interest: EventLoopInterest) {
    _ = state.withLock { $0.registry.remove(interest) }
  }

  /// Records `handler`; ``deliver(signal:)`` calls it. No real signal is caught.
  public func catchSignal(
    _ signalNumber: Int32, _ handler: @escaping @MainActor @Sendable (Int32) -> Void
  ) {
    state.withLock { $0.registry.catchSignal(signalNumber, handler) }
  }

  /// Calls the handler of `signalNumber`, as if the signal had come; returns whether one was
  /// registered.
  @MainActor @discardableResult
  public func deliver(signal signalNumber: Int32) -> Bool {
    guard let handler = state.read({ $0.registry.signalHandler(signalNumber) }) else {
      return false
    }
    handler(signalNumber)
    run()
    return true
  }

  /// Runs every callback that is due now: the timers due at the loop's clock, then the waiters
  /// whose descriptors `poll` finds ready; again, while a pass ran anything (a callback may
  /// register for a descriptor that is ready already). Returns how many callbacks ran.
  @MainActor @discardableResult
  public func run() -> Int {
    var total = 0
    while true {
      let timers = state.withLock { $0.registry.takeTimers(dueAt: $0.now) }
      for handler in timers { handler() }
      let ready = takeReadyWaiters()
      for handler in ready { handler() }
      total += timers.count + ready.count
      if timers.isEmpty && ready.isEmpty { return total }
    }
  }

  /// Moves the clock forward by `delay`, firing each timer due on the way at its own
  /// deadline, earliest first, and running what is ready after each (a timer set by a timer
  /// fires too, if it is due by then). Returns how many callbacks ran.
  @MainActor @discardableResult
  public func advance(by delay: Duration) -> Int {
    let end = now.advanced(by: delay)
    var total = run()
    while let deadline = state.read(\.registry.nextDeadline), deadline <= end {
      state.withLock { $0.now = deadline }
      total += run()
    }
    state.withLock { $0.now = end }
    return total + run()
  }

  private func takeReadyWaiters() -> [EventLoopHandler] {
    var descriptors: [pollfd] = []
    var interests: [EventLoopInterest] = []
    state.read { $0.registry.appendPollDescriptors(to: &descriptors, interests: &interests) }
    // In registration order, so that a test sees ready callbacks run in a fixed order.
    let order = interests.indices.sorted { interests[$0].id < interests[$1].id }
    descriptors = order.map { descriptors[$0] }
    interests = order.map { interests[$0] }
    guard !descriptors.isEmpty,
      poll(&descriptors, nfds_t(descriptors.count), 0) > 0
    else { return [] }
    return state.withLock { $0.registry.takeReady(descriptors[...], interests: interests) }
  }
}
