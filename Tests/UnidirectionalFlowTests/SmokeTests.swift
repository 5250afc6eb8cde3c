import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

struct Counter: Reducer {
  struct State: Equatable { var count = 0; var isTimerRunning = false }
  enum Action: Equatable, Sendable, CasePathable {
    case increment, startTimer, tick, stopTimer
    struct AllCasePaths: Sendable {
      var tick: AnyCasePath<Action, Void> { AnyCasePath(embed: { .tick }) { if case .tick = $0 { () } else { nil } } }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }
  @Dependency(\.continuousClock) var clock
  enum CancelID { case timer }
  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .increment, .tick:
        state.count += 1
        return .none
      case .startTimer:
        state.isTimerRunning = true
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }.cancellable(id: CancelID.timer)
      case .stopTimer:
        state.isTimerRunning = false
        return .cancel(id: CancelID.timer)
      }
    }
  }
}

@MainActor @Test func smoke() async {
  let clock = TestClock()
  let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: { $0.continuousClock = clock }
  await store.send(.increment) { $0.count = 1 }
  await store.send(.startTimer) { $0.isTimerRunning = true }
  await clock.advance(by: .seconds(1))
  await store.receive(\.tick) { $0.count = 2 }
  await clock.advance(by: .seconds(2))
  await store.receive(.tick) { $0.count = 3 }
  await store.receive(.tick) { $0.count = 4 }
  await store.send(.stopTimer) { $0.isTimerRunning = false }
  await store.finish()
}

@MainActor @Test func smokeFailure() async {
  let store = TestStore(initialState: Counter.State()) { Counter() }
  await withKnownIssue {
    await store.send(.increment) { $0.count = 2 }
  } matching: { issue in
    print(issue.comments)
    return true
  }
}
