extension DependencyValues {
  /// The clock effects sleep on. Live: `ContinuousClock()`. Tests override it with a test
  /// clock so that time passes only when the test says so.
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }
}

private enum ContinuousClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static var testValue: any Clock<Duration> { UnimplementedClock(name: "continuousClock") }
}

/// A clock that reports an issue whenever it is used, so a test that forgot to provide a
/// clock fails with a message naming the dependency instead of sleeping for real.
struct UnimplementedClock: Clock {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    func duration(to other: Self) -> Duration { other.offset - offset }
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  let name: String

  var now: Instant {
    reportIssue("Unimplemented: @Dependency(\\.\(name)).now was read in a test.")
    return Instant(offset: .zero)
  }

  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    reportIssue("Unimplemented: @Dependency(\\.\(name)) was asked to sleep in a test.")
    try Task.checkCancellation()
  }
}
