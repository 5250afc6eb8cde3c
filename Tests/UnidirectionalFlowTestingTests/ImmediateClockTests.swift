import Testing
import UnidirectionalFlowTesting

private func at(_ seconds: Int) -> ImmediateClock<Duration>.Instant {
  .init(offset: .seconds(seconds))
}

@Suite struct ImmediateClockTests {
  @Test func startsAtZeroOrAtTheGivenInstant() {
    #expect(ImmediateClock().now == at(0))
    #expect(ImmediateClock(now: at(3)).now == at(3))
    #expect(ImmediateClock().minimumResolution == .zero)
  }

  @Test func sleepReturnsAtOnceAndMovesNow() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(60))
    #expect(clock.now == at(60))

    try await clock.sleep(for: .milliseconds(500))
    #expect(clock.now == .init(offset: .milliseconds(60_500)))

    try await clock.sleep(until: at(100))
    #expect(clock.now == at(100))
  }

  @Test func pastDeadlinesLeaveNowAlone() async throws {
    let clock = ImmediateClock(now: at(10))
    try await clock.sleep(until: at(4))
    try await clock.sleep(for: .zero)
    #expect(clock.now == at(10))
  }

  @Test func measuringAnOperationReportsTheTimeItSlept() async throws {
    let clock = ImmediateClock()
    let elapsed = try await clock.measure {
      try await clock.sleep(for: .seconds(2))
      try await clock.sleep(for: .seconds(3))
    }
    #expect(elapsed == .seconds(5))
  }

  @Test func sleepingInACancelledTaskThrows() async {
    let clock = ImmediateClock()
    let task = Task {
      while !Task.isCancelled { await Task.yield() }
      try await clock.sleep(for: .seconds(1))
    }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.now == at(0))
  }
}
