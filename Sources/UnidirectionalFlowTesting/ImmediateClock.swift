import Synchronization

/// A clock whose sleeps return at once, moving its time forward to the requested deadline.
///
/// Use it in tests that do not care about the timing of the code under test, only about its
/// outcome: every `sleep` completes immediately, so there is nothing to advance, yet ``now``
/// still reflects how much time the code believes has passed. Cancellation is honoured: a
/// cancelled task that sleeps throws `CancellationError`.
public final class ImmediateClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// A point in this clock's time.
  public typealias Instant = OffsetInstant<Duration>

  private let state: Mutex<Instant>

  /// The clock's current instant: the latest deadline any sleep has asked for so far.
  public var now: Instant {
    state.withLock { $0 }
  }

  /// The smallest measurable step, which is zero: sleeps complete at their exact deadline.
  public var minimumResolution: Duration {
    .zero
  }

  /// Creates an immediate clock whose time starts at `now` (the zero instant by default).
  ///
  /// - Parameter now: The clock's time until something sleeps on it.
  public init(now: Instant = .init()) {
    self.state = Mutex(now)
  }

  /// Returns without suspending, after moving ``now`` forward to `deadline`.
  ///
  /// Throws `CancellationError` (leaving ``now`` unchanged) if the calling task is cancelled,
  /// like a real sleep would. A deadline in the past leaves ``now`` where it is, since the clock
  /// never moves backwards. `tolerance` is ignored. It is `nonisolated(nonsending)`, so calling
  /// it directly does not even hop off the caller's actor.
  ///
  /// - Parameters:
  ///   - deadline: The instant ``now`` moves to.
  ///   - tolerance: Ignored.
  public nonisolated(nonsending) func sleep(
    until deadline: Instant,
    tolerance: Duration? = nil
  ) async throws {
    try Task.checkCancellation()
    state.withLock { now in
      if now < deadline { now = deadline }
    }
  }

  /// Returns without suspending, after moving ``now`` forward by `duration`.
  ///
  /// Equivalent to the `Clock` extension method of the same name, but stays on the caller's
  /// actor like ``sleep(until:tolerance:)``. Throws `CancellationError` if the task is cancelled.
  ///
  /// - Parameters:
  ///   - duration: How far ``now`` moves.
  ///   - tolerance: Ignored.
  public nonisolated(nonsending) func sleep(
    for duration: Duration,
    tolerance: Duration? = nil
  ) async throws {
    try Task.checkCancellation()
    state.withLock { now in
      let deadline = now.advanced(by: duration)
      if now < deadline { now = deadline }
    }
  }
}

extension ImmediateClock where Duration == Swift.Duration {
  /// Creates an immediate clock measured in `Swift.Duration`, starting at the zero instant, so
  /// tests can write `ImmediateClock()` without spelling out the duration type.
  public convenience init() {
    self.init(now: .init())
  }
}
