import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

@MainActor
struct CountdownTests {
  @Test func startAndStop() async {
    let store = TestStore(initialState: Countdown.State()) {
      Countdown()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    await store.send(.startButtonTapped) { $0.isRunning = true }
    await store.send(.stopButtonTapped) { $0.isRunning = false }
  }

  @Test func countsDownToZero() async {
    let clock = TestClock()
    let store = TestStore(initialState: Countdown.State(secondsLeft: 2)) {
      Countdown()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startButtonTapped) { $0.isRunning = true }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.secondsLeft = 1 }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) {
      $0.secondsLeft = 0
      $0.isRunning = false
    }
  }
}
