import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// A case's feature: a `Ticker` that first records every action it runs, as "name action".
private struct RecordingTicker: Reducer {
  let name: String
  let recorder: Recorder<String>

  var body: some Reducer<Ticker.State, Ticker.Action> {
    Reduce { _, action in
      recorder.append("\(name) \(action)")
      return .none
    }
    Ticker()
  }
}

/// A parent whose state is one of two ticking cases, each run with `ifCaseLet`.
private struct Screens: Reducer {
  enum State: Equatable, CasePathable {
    case first(Ticker.State)
    case second(Ticker.State)

    struct AllCasePaths: Sendable {
      var first: AnyCasePath<State, Ticker.State> {
        AnyCasePath(embed: State.first) { if case .first(let s) = $0 { s } else { nil } }
      }
      var second: AnyCasePath<State, Ticker.State> {
        AnyCasePath(embed: State.second) { if case .second(let s) = $0 { s } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }
  enum Action: Equatable, Sendable, CasePathable {
    case first(Ticker.Action)
    case second(Ticker.Action)
    case showFirst
    case showSecond

    struct AllCasePaths: Sendable {
      var first: AnyCasePath<Action, Ticker.Action> {
        AnyCasePath(embed: Action.first) { if case .first(let a) = $0 { a } else { nil } }
      }
      var second: AnyCasePath<Action, Ticker.Action> {
        AnyCasePath(embed: Action.second) { if case .second(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  let recorder: Recorder<String>

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      recorder.append("parent")
      switch action {
      case .showFirst: state = .first(Ticker.State())
      case .showSecond: state = .second(Ticker.State())
      case .first, .second: break
      }
      return .none
    }
    .ifCaseLet(\.first, action: \.first) { RecordingTicker(name: "first", recorder: recorder) }
    .ifCaseLet(\.second, action: \.second) {
      RecordingTicker(name: "second", recorder: recorder)
    }
  }
}

@Suite struct IfCaseLetTests {
  @Test @MainActor func runsTheActiveCaseBeforeTheParent() async {
    let recorder = Recorder<String>()
    let store = TestStore(initialState: Screens.State.first(Ticker.State())) {
      Screens(recorder: recorder)
    }
    await store.send(.first(.tick)) { $0 = .first(Ticker.State(ticks: 1)) }
    #expect(recorder.entries == ["first tick", "parent"])
    await store.finish()
  }

  @Test @MainActor func switchingCasesCancelsTheOldCasesEffects() async {
    let clock = TestClock()
    let recorder = Recorder<String>()
    let store = TestStore(initialState: Screens.State.first(Ticker.State())) {
      Screens(recorder: recorder)
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.first(.start))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.first(.tick)) { $0 = .first(Ticker.State(ticks: 1)) }
    await clock.waitForSleepers(1)

    await store.send(.showSecond) { $0 = .second(Ticker.State()) }
    #expect(clock.pendingSleepers == 0)

    await store.send(.second(.start))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.second(.tick)) { $0 = .second(Ticker.State(ticks: 1)) }
    await clock.waitForSleepers(1)

    await store.send(.showFirst) { $0 = .first(Ticker.State()) }
    #expect(clock.pendingSleepers == 0)
    await clock.advance(by: .seconds(60))
    await store.finish()
    #expect(
      recorder.entries.filter { $0 != "parent" } == [
        "first start", "first tick", "second start", "second tick",
      ])
  }

  @Test @MainActor func anActionForAnInactiveCaseIsIgnoredAndReported() async {
    let recorder = Recorder<String>()
    let store = TestStore(initialState: Screens.State.second(Ticker.State())) {
      Screens(recorder: recorder)
    }
    await withKnownIssue {
      await store.send(.first(.tick))
    } matching: { issue in
      issue.hasComment(
        containing: "An ifCaseLet at UnidirectionalFlowTests/IfCaseLetTests.swift:",
        " received tick while the state was in another case; the action was ignored.")
    }
    #expect(!recorder.entries.contains("first tick"))
    await store.finish()
  }
}
