import Synchronization
import Testing
import UnidirectionalFlowTesting

/// A thread-safe log that sleeping tasks append to, so a test can check what woke and when.
private final class Recorder<Element: Sendable>: Sendable {
  private let storage = Mutex<[Element]>([])

  var entries: [Element] {
    storage.withLock { $0 }
  }

  func append(_ element: Element) {
    storage.withLock { $0.append(element) }
  }
}

private func at(_ seconds: Int) -> TestClock<Duration>.Instant {
  .init(offset: .seconds(seconds))
}

/// Runs on the main actor, like the tasks the tests create, so that wake-up order is
/// deterministic (see `TestClock`); `sleepingThroughTheClockProtocolWakesToo` covers the
/// concurrent path.
@Suite @MainActor struct TestClockTests {
  @Test func startsAtZeroOrAtTheGivenInstant() {
    #expect(TestClock().now == at(0))
    #expect(TestClock(now: at(7)).now == at(7))
    #expect(TestClock().minimumResolution == .zero)
    #expect(TestClock().pendingSleepers == 0)
  }

  @Test func waitingForSleepersThatNeverComeFailsAfterTheTimeout() async {
    let clock = TestClock()
    await withKnownIssue {
      await clock.waitForSleepers(1, timeout: .milliseconds(10))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "Expected 1 sleeper(s) on the test clock, found 0 after 0.01 seconds."
      ]
    }
  }

  @Test func sleeperDoesNotWakeBeforeItsDeadlineAndWakesAtIt() async throws {
    let clock = TestClock()
    let task = Task {
      try await clock.sleep(for: .seconds(1))
      return clock.now
    }
    await clock.waitForSleepers(1)

    await clock.advance(by: .milliseconds(999))
    #expect(clock.pendingSleepers == 1)
    #expect(clock.now == .init(offset: .milliseconds(999)))

    await clock.advance(by: .milliseconds(1))
    #expect(clock.pendingSleepers == 0)
    #expect(try await task.value == at(1))
    #expect(clock.now == at(1))
  }

  @Test func sleepReturnsImmediatelyWhenTheDeadlineHasPassed() async throws {
    let clock = TestClock(now: at(5))
    try await clock.sleep(until: at(5))
    try await clock.sleep(until: at(2))
    try await clock.sleep(for: .zero)
    #expect(clock.now == at(5))
    #expect(clock.pendingSleepers == 0)
  }

  @Test func sleepersWakeInDeadlineOrderWithTiesInStartOrder() async throws {
    let clock = TestClock()
    let log = Recorder<String>()
    var tasks: [Task<Void, any Error>] = []
    for (name, seconds) in [("late", 3), ("early", 1), ("tieFirst", 2), ("tieSecond", 2)] {
      tasks.append(
        Task {
          try await clock.sleep(until: at(seconds))
          log.append("\(name)@\(clock.now.offset)")
        })
      await clock.waitForSleepers(tasks.count)
    }

    await clock.advance(by: .seconds(10))
    for task in tasks {
      try await task.value
    }

    #expect(
      log.entries == [
        "early@1.0 seconds", "tieFirst@2.0 seconds", "tieSecond@2.0 seconds", "late@3.0 seconds",
      ])
    #expect(clock.now == at(10))
    #expect(clock.pendingSleepers == 0)
  }

  @Test func sleeperThatSleepsAgainInsideTheWindowIsWokenAgain() async throws {
    let clock = TestClock()
    let log = Recorder<TestClock<Duration>.Instant>()
    let other = Recorder<TestClock<Duration>.Instant>()
    let repeating = Task {
      for _ in 0..<3 {
        try await clock.sleep(for: .seconds(1))
        log.append(clock.now)
      }
    }
    await clock.waitForSleepers(1)
    let single = Task {
      try await clock.sleep(until: .init(offset: .milliseconds(2_500)))
      other.append(clock.now)
    }
    await clock.waitForSleepers(2)

    await clock.advance(by: .seconds(3))
    try await repeating.value
    try await single.value

    // Each wake-up saw the deadline it asked for, so all happened during the one advance.
    #expect(log.entries == [at(1), at(2), at(3)])
    #expect(other.entries == [.init(offset: .milliseconds(2_500))])
    #expect(clock.now == at(3))
  }

  @Test func cancellingASleeperThrowsAndRemovesIt() async {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers(1)

    task.cancel()
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.pendingSleepers == 0)

    await clock.advance(by: .seconds(2))
    #expect(clock.now == at(2))
  }

  @Test func cancellingOneSleeperLeavesTheOthers() async throws {
    let clock = TestClock()
    let cancelled = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers(1)
    let kept = Task {
      try await clock.sleep(for: .seconds(1))
      return clock.now
    }
    await clock.waitForSleepers(2)

    cancelled.cancel()
    await #expect(throws: CancellationError.self) { try await cancelled.value }
    #expect(clock.pendingSleepers == 1)

    await clock.advance(by: .seconds(1))
    #expect(try await kept.value == at(1))
  }

  @Test func sleepingInACancelledTaskThrowsAtOnce() async {
    let clock = TestClock()
    let task = Task {
      while !Task.isCancelled { await Task.yield() }
      try await clock.sleep(for: .seconds(1))
    }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.pendingSleepers == 0)
  }

  @Test func runDrainsAllSleepers() async throws {
    let clock = TestClock()
    let log = Recorder<TestClock<Duration>.Instant>()
    let repeating = Task {
      for _ in 0..<4 {
        try await clock.sleep(for: .seconds(5))
        log.append(clock.now)
      }
    }
    await clock.waitForSleepers(1)
    let single = Task {
      try await clock.sleep(for: .seconds(7))
      log.append(clock.now)
    }
    await clock.waitForSleepers(2)

    await clock.run()
    try await repeating.value
    try await single.value

    #expect(clock.pendingSleepers == 0)
    #expect(clock.now == at(20))
    #expect(log.entries == [at(5), at(7), at(10), at(15), at(20)])
  }

  @Test nonisolated func sleepingThroughTheClockProtocolWakesToo() async throws {
    /// Sleeps via the `Clock` requirement, as production code holding `some Clock` would.
    @Sendable func nap<C: Clock>(_ clock: C, until deadline: C.Instant) async throws -> C.Instant {
      try await clock.sleep(until: deadline, tolerance: nil)
      return clock.now
    }
    let clock = TestClock()
    let generic = Task { try await nap(clock, until: at(2)) }
    await clock.waitForSleepers(1)
    let existential = Task {
      let erased: any Clock<Duration> = clock
      try await erased.sleep(for: .seconds(1))
    }
    await clock.waitForSleepers(2)

    await clock.advance(by: .seconds(1))
    try await existential.value
    #expect(clock.pendingSleepers == 1)

    await clock.advance(by: .seconds(1))
    #expect(try await generic.value == at(2))
    #expect(clock.pendingSleepers == 0)
  }

  @Test func runWithoutSleepersLeavesTimeAlone() async {
    let clock = TestClock(now: at(4))
    await clock.run()
    #expect(clock.now == at(4))
  }

  @Test func advanceMovesNowForwardOnly() async {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))
    #expect(clock.now == at(5))

    await clock.advance()
    #expect(clock.now == at(5))

    await clock.advance(by: .milliseconds(250))
    #expect(clock.now == .init(offset: .milliseconds(5_250)))

    await clock.advance(to: at(9))
    #expect(clock.now == at(9))

    await clock.advance(to: at(1))
    #expect(clock.now == at(9))
  }

  @Test func supportsCustomDurationTypes() async throws {
    let clock = TestClock<Ticks>(now: .init(offset: Ticks(10)))
    let start = clock.now
    let task = Task {
      try await clock.sleep(until: start.advanced(by: Ticks(3)))
      return start.duration(to: clock.now)
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: Ticks(2))
    #expect(clock.pendingSleepers == 1)
    await clock.advance(by: Ticks(1))
    #expect(try await task.value == Ticks(3))
    #expect(clock.now == .init(offset: Ticks(13)))
  }
}

/// A minimal integer duration, proving the clock works with durations other than `Duration`.
private struct Ticks: DurationProtocol, Hashable {
  var count: Int

  init(_ count: Int) {
    self.count = count
  }

  static var zero: Self { Self(0) }

  static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.count + rhs.count) }
  static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.count - rhs.count) }
  static func < (lhs: Self, rhs: Self) -> Bool { lhs.count < rhs.count }
  static func * (lhs: Self, rhs: Int) -> Self { Self(lhs.count * rhs) }
  static func / (lhs: Self, rhs: Int) -> Self { Self(lhs.count / rhs) }
  static func / (lhs: Self, rhs: Self) -> Double { Double(lhs.count) / Double(rhs.count) }
}
