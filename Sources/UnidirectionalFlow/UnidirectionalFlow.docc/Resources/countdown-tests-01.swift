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
}
