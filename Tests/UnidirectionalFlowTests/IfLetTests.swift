import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// A parent that shows and hides a `Ticker` through `ifLet`, and logs each child action it sees.
private struct Parent: Reducer {
  struct State: Equatable {
    var child: Ticker.State?
    var log: [String] = []
  }
  enum Action: Equatable, Sendable, CasePathable {
    case child(Ticker.Action)
    case show
    case hide

    struct AllCasePaths: Sendable {
      var child: AnyCasePath<Action, Ticker.Action> {
        AnyCasePath(embed: Action.child) { if case .child(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .child(let childAction):
        let ticks = state.child.map { "\($0.ticks)" } ?? "no"
        state.log.append("parent saw \(childAction) with \(ticks) ticks")
      case .show:
        state.child = Ticker.State()
      case .hide:
        state.child = nil
      }
      return .none
    }
    .ifLet(\.child, action: \.child) { Ticker() }
  }
}

/// A store that starts without a child, whose effects sleep on `clock`.
@MainActor
private func makeStore(
  clock: TestClock<Duration>, sourceLocation: SourceLocation = #_sourceLocation
) -> TestStore<Parent.State, Parent.Action> {
  TestStore(
    initialState: Parent.State(), reducer: { Parent() },
    withDependencies: { $0.continuousClock = clock }, sourceLocation: sourceLocation)
}

@Suite struct IfLetTests {
  @Test @MainActor func childRunsBeforeParent() async {
    let store = TestStore(initialState: Parent.State(child: Ticker.State())) { Parent() }
    await store.send(.child(.tick)) {
      $0.child?.ticks = 1
      $0.log = ["parent saw tick with 1 ticks"]
    }
    await store.finish()
  }

  @Test @MainActor func childEffectsRunWhileTheChildIsPresent() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.show) { $0.child = Ticker.State() }
    await store.send(.child(.start)) { $0.log = ["parent saw start with 0 ticks"] }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.tick)) {
      $0.child?.ticks = 1
      $0.log.append("parent saw tick with 1 ticks")
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.tick)) {
      $0.child?.ticks = 2
      $0.log.append("parent saw tick with 2 ticks")
    }
    await store.send(.hide) { $0.child = nil }
    await store.finish()
  }

  @Test @MainActor func removingTheChildStateCancelsItsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.show) { $0.child = Ticker.State() }
    await store.send(.child(.start)) { $0.log = ["parent saw start with 0 ticks"] }
    await clock.waitForSleepers(1)

    await store.send(.hide) { $0.child = nil }
    // The cancelled timer left the clock at once, and however far time moves it never ticks:
    // a late tick would be received (failing `finish`) and reported by `ifLet`.
    #expect(clock.pendingSleepers == 0)
    await clock.advance(by: .seconds(60))
    #expect(store.state.child == nil)
    await store.finish()
  }

  @Test @MainActor func anActionForAnAbsentChildIsIgnoredAndReported() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await withKnownIssue {
      await store.send(.child(.tick)) { $0.log = ["parent saw tick with no ticks"] }
    } matching: { issue in
      issue.hasComment(
        containing: "An ifLet at UnidirectionalFlowTests/IfLetTests.swift:",
        " received tick while its child state was nil; the action was ignored.")
    }
    #expect(store.state.child == nil)
    await store.finish()
  }
}
