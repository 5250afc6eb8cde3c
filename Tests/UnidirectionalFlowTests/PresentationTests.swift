import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// A presented feature with a timer, a slow request, and a close button.
private struct Sheet: Reducer {
  struct State: Equatable {
    var ticks = 0
    var response: Int?
  }
  enum Action: Equatable, Sendable, CasePathable {
    case start
    case tick
    case load
    case response(Int)
    case closeButtonTapped

    struct AllCasePaths: Sendable {
      var response: AnyCasePath<Action, Int> {
        AnyCasePath(embed: Action.response) { if case .response(let r) = $0 { r } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .send(.tick, everySecondOn: clock)
    case .tick:
      state.ticks += 1
      return .none
    case .load:
      return .run { send in
        try await clock.sleep(for: .seconds(5))
        await send(.response(42))
      }
    case .response(let value):
      state.response = value
      return .none
    case .closeButtonTapped:
      return .run { _ in await dismiss() }
    }
  }
}

/// A parent that presents the sheet through `ifLet`, and logs each sheet action it sees.
private struct Host: Reducer {
  struct State: Equatable {
    var sheet: Sheet.State?
    var log: [String] = []
  }
  enum Action: Equatable, Sendable, CasePathable {
    case sheet(PresentationAction<Sheet.Action>)
    case present
    case closeFromParent

    struct AllCasePaths: Sendable {
      var sheet: AnyCasePath<Action, PresentationAction<Sheet.Action>> {
        AnyCasePath(embed: Action.sheet) { if case .sheet(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .sheet(.presented(let sheetAction)):
        let ticks = state.sheet.map { "\($0.ticks)" } ?? "no"
        state.log.append("parent saw \(sheetAction) with \(ticks) ticks")
      case .sheet(.dismiss):
        state.log.append("parent saw dismiss while presented: \(state.sheet != nil)")
      case .present:
        state.sheet = Sheet.State()
      case .closeFromParent:
        state.sheet = nil
      }
      return .none
    }
    .ifLet(\.sheet, action: \.sheet) { Sheet() }
  }
}

/// A parent that closes the sheet itself, in the reduction of the sheet's own close request,
/// as the app's new-game screen leaves a game.
private struct ClosingHost: Reducer {
  struct State: Equatable {
    var sheet: Sheet.State? = Sheet.State()
  }
  enum Action: Equatable, Sendable, CasePathable {
    case sheet(PresentationAction<Sheet.Action>)

    struct AllCasePaths: Sendable {
      var sheet: AnyCasePath<Action, PresentationAction<Sheet.Action>> {
        AnyCasePath(embed: Action.sheet) { if case .sheet(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .sheet(.presented(.closeButtonTapped)) = action { state.sheet = nil }
      return .none
    }
    .ifLet(\.sheet, action: \.sheet) { Sheet() }
  }
}

@MainActor
private func makeStore(
  presented: Bool = true, clock: TestClock<Duration> = TestClock()
) -> TestStore<Host.State, Host.Action> {
  TestStore(initialState: Host.State(sheet: presented ? Sheet.State() : nil)) {
    Host()
  } withDependencies: {
    $0.continuousClock = clock
  }
}

@Suite struct PresentationTests {
  @Test @MainActor func presentedActionsRunTheChildBeforeTheParent() async {
    let store = makeStore()
    await store.send(.sheet(.presented(.tick))) {
      $0.sheet?.ticks = 1
      $0.log = ["parent saw tick with 1 ticks"]
    }
    await store.finish()
  }

  @Test @MainActor func childEffectsDeliverWhilePresented() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.sheet(.presented(.load))) { $0.log = ["parent saw load with 0 ticks"] }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(5))
    await store.receive(\.sheet.response, 42) {
      $0.sheet?.response = 42
      $0.log.append("parent saw response(42) with 0 ticks")
    }
    await store.finish()
  }

  @Test @MainActor func dismissRunsTheParentThenClearsTheStateAndCancelsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.sheet(.presented(.start))) { $0.log = ["parent saw start with 0 ticks"] }
    await clock.waitForSleepers(1)
    await store.send(.sheet(.presented(.load))) { $0.log.append("parent saw load with 0 ticks") }
    await clock.waitForSleepers(2)

    await store.send(.sheet(.dismiss)) {
      $0.sheet = nil
      $0.log.append("parent saw dismiss while presented: true")
    }
    #expect(clock.pendingSleepers == 0)
    // Neither the timer nor the in-flight request delivers, however far time moves.
    await clock.advance(by: .seconds(60))
    await store.finish()
  }

  @Test @MainActor func theParentClearingTheStateCancelsTheChildsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.sheet(.presented(.load))) { $0.log = ["parent saw load with 0 ticks"] }
    await clock.waitForSleepers(1)
    await store.send(.closeFromParent) { $0.sheet = nil }
    #expect(clock.pendingSleepers == 0)
    await clock.advance(by: .seconds(60))
    await store.finish()
  }

  @Test @MainActor func theChildDismissesItselfThroughTheDismissDependency() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.sheet(.presented(.start))) { $0.log = ["parent saw start with 0 ticks"] }
    await clock.waitForSleepers(1)
    await store.send(.sheet(.presented(.closeButtonTapped))) {
      $0.log.append("parent saw closeButtonTapped with 0 ticks")
    }
    await store.receive(.sheet(.dismiss)) {
      $0.sheet = nil
      $0.log.append("parent saw dismiss while presented: true")
    }
    #expect(clock.pendingSleepers == 0)
    await store.finish()
  }

  @Test @MainActor func aChildCanBePresentedAgainAfterADismissal() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.sheet(.presented(.load))) { $0.log = ["parent saw load with 0 ticks"] }
    await clock.waitForSleepers(1)
    await store.send(.sheet(.dismiss)) {
      $0.sheet = nil
      $0.log.append("parent saw dismiss while presented: true")
    }
    await store.send(.present) { $0.sheet = Sheet.State() }
    await store.send(.sheet(.presented(.load))) { $0.log.append("parent saw load with 0 ticks") }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(5))
    await store.receive(.sheet(.presented(.response(42)))) {
      $0.sheet?.response = 42
      $0.log.append("parent saw response(42) with 0 ticks")
    }
    await store.finish()
  }

  @Test @MainActor func presentationActionsWhileNothingIsPresentedAreIgnoredAndReported() async {
    let store = makeStore(presented: false)
    await withKnownIssue {
      await store.send(.sheet(.dismiss))
    } matching: { issue in
      issue.hasComment(
        containing: "A presentation at UnidirectionalFlowTests/PresentationTests.swift:",
        " received dismiss while nothing was presented; the action was ignored.")
    }
    await withKnownIssue {
      await store.send(.sheet(.presented(.tick)))
    } matching: { issue in
      issue.hasComment(
        containing: "A presentation at UnidirectionalFlowTests/PresentationTests.swift:",
        "while nothing was presented; the action was ignored.")
    }
    #expect(store.state == Host.State())
    await store.finish()
  }

  /// The sheet's `dismiss()` effect is cancelled with the sheet its parent removed, and a
  /// cancelled effect dismisses nothing: no `.dismiss` arrives for a sheet already gone.
  @Test @MainActor func aChildItsParentClosedAtOnceIsNotDismissedAgain() async {
    let store = TestStore(initialState: ClosingHost.State()) { ClosingHost() }
    await store.send(.sheet(.presented(.closeButtonTapped))) { $0.sheet = nil }
    await store.finish()
  }
}
