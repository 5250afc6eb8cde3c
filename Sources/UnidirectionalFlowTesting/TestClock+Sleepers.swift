import Testing

extension TestClock {
  /// Waits until exactly `count` tasks sleep on this clock, so that advancing it cannot race
  /// the start of an effect (or the winding down of a cancelled one).
  ///
  /// ```swift
  /// await store.send(.startTapped) { $0.isRunning = true }
  /// await clock.waitForSleepers(1)
  /// await clock.advance(by: .seconds(1))
  /// await store.receive(.tick) { $0.ticks = 1 }
  /// ```
  ///
  /// It yields, never sleeps, and runs on the caller's actor, so effects on that actor get to
  /// run. It gives up after `timeout` of wall-clock time (a loaded machine can take long to
  /// start a task) and records a test failure naming the count it found.
  ///
  /// - Parameters:
  ///   - count: How many tasks must be sleeping on the clock.
  ///   - timeout: The longest wait, in wall-clock time, before the test fails.
  ///   - sourceLocation: Where the failure is reported: the call's line, unless given.
  public nonisolated(nonsending) func waitForSleepers(
    _ count: Int, timeout: Swift.Duration = .seconds(30),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while pendingSleepers != count, ContinuousClock.now < deadline {
      await Task.yield()
    }
    let found = pendingSleepers
    if found != count {
      Issue.record(
        "Expected \(count) sleeper(s) on the test clock, found \(found) after \(timeout).",
        sourceLocation: sourceLocation)
    }
  }
}
