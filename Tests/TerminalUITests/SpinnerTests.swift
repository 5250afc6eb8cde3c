import TerminalUI
import Testing
import UnidirectionalFlowTesting

/// The activity indicator's frames and the ticker that moves them on, driven by a test clock:
/// no test waits for real time.
@MainActor
@Suite struct SpinnerTests {
  @Test func framesGoRoundInOrder() {
    var spinner = Spinner()
    var seen: [Character] = []
    for _ in 0..<(Spinner.frames.count + 1) {
      seen.append(spinner.frame)
      spinner.advance()
    }
    #expect(seen == Spinner.frames + [Spinner.frames[0]])
  }

  @Test func aTickerTicksOncePerIntervalOfItsClock() async {
    let clock = TestClock()
    var spinner = Spinner()
    let ticker = Ticker(clock: clock, interval: Spinner.interval) { spinner.advance() }
    ticker.start()
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(99))
    #expect(spinner.frame == Spinner.frames[0])
    await clock.advance(by: .milliseconds(1))
    await clock.waitForSleepers(1)
    #expect(spinner.frame == Spinner.frames[1])
    await clock.advance(by: .milliseconds(300))
    await clock.waitForSleepers(1)
    #expect(spinner.tick == 4)
    ticker.stop()
    await clock.waitForSleepers(0)
    await clock.advance(by: .seconds(10))
    #expect(spinner.tick == 4, "a stopped ticker ticked")
    #expect(!ticker.isRunning)
  }

  @Test func startingTwiceTicksOnce() async {
    let clock = TestClock()
    var ticks = 0
    let ticker = Ticker(clock: clock, interval: .seconds(1)) { ticks += 1 }
    ticker.start()
    ticker.start()
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers(1)
    #expect(ticks == 1)
    ticker.stop()
  }
}
