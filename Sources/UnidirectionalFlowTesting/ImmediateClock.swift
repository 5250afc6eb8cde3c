import Synchronization

/// A clock whose sleeps return at once, moving its time forward to the requested deadline.
///
/// Use it in tests that do not care about the timing of the code under test, only about its
/// outcome: every `sleep` completes immediately, so there is nothing to advance, yet ``now``
/// still reflects how much time the code believes has passed. Cancellation is honoured: a
/// cancelled task that sleeps throws `CancellationError`.
public final class ImmediateClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// A point in this clock's time, stored as an offset from the clock's zero instant.
  ///
  /// The clock has no relation to wall time, so an instant is simply the duration elapsed
  /// since an arbitrary origin.
  public struct Instant: InstantProtocol {
    /// How far this instant lies from the clock's zero instant.
    public var offset: Duration

    /// Creates an instant at the given offset from zero; the default is the zero instant.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    /// Returns the instant that lies `duration` after this one.
    public func advanced(by duration: Duration) -> Self {
      Self(offset: offset + duration)
    }

    /// Returns the duration from this instant to `other` (negative if `other` is earlier).
    public func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    /// Orders instants by their offset from zero.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }

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
  public init(now: Instant = .init()) {
    self.state = Mutex(now)
  }

  /// Returns without suspending, after moving ``now`` forward to `deadline`.
  ///
  /// Throws `CancellationError` (leaving ``now`` unchanged) if the calling task is cancelled,
  /// like a real sleep would. A deadline in the past leaves ``now`` where it is, since the clock
  /// never moves backwards. `tolerance` is ignored. It is `nonisolated(nonsending)`, so calling
  /// it directly does not even hop off the caller's actor.
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
