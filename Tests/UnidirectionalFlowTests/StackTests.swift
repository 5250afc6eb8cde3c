import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// A pushed screen that ticks every second once started, and can close itself.
private struct Screen: Reducer {
  struct State: Equatable {
    var name: String
    var ticks = 0
  }
  enum Action: Equatable, Sendable {
    case start
    case tick
    case closeButtonTapped
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
    case .closeButtonTapped:
      return .run { _ in await dismiss() }
    }
  }
}

/// A navigation stack of screens, run with `forEach`, that logs each stack action it sees.
private struct Navigation: Reducer {
  struct State: Equatable {
    var path = StackState<Screen.State>()
    var log: [String] = []
  }
  enum Action: Equatable, Sendable, CasePathable {
    case path(StackAction<Screen.State, Screen.Action>)
    case open(String)

    struct AllCasePaths: Sendable {
      var path: AnyCasePath<Action, StackAction<Screen.State, Screen.Action>> {
        AnyCasePath(embed: Action.path) { if case .path(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .path(.element(let id, let screenAction)):
        let ticks = state.path[id: id].map { "\($0.ticks)" } ?? "no"
        state.log.append("parent saw \(id) \(screenAction) with \(ticks) ticks")
      case .path(.popFrom(let id)):
        state.log.append("parent saw pop from \(id) with \(state.path.count) screens")
      case .path(.push(let id, let screen)):
        state.log.append("parent saw push of \(screen.name) as \(id)")
      case .open(let name):
        state.path.append(Screen.State(name: name))
      }
      return .none
    }
    .forEach(\.path, action: \.path) { Screen() }
  }
}

/// A store that starts with an empty stack, whose effects sleep on `clock`.
@MainActor
private func makeStore(
  clock: TestClock<Duration>, sourceLocation: SourceLocation = #_sourceLocation
) -> TestStore<Navigation.State, Navigation.Action> {
  TestStore(
    initialState: Navigation.State(), reducer: { Navigation() },
    withDependencies: { $0.continuousClock = clock }, sourceLocation: sourceLocation)
}

@Suite struct StackTests {
  @Test func stackStateGivesEachPushAStableNeverReusedID() {
    var path = StackState([Screen.State(name: "a"), Screen.State(name: "b")])
    #expect(path.ids == [0, 1])
    #expect(path.nextElementID == 2)
    path.append(Screen.State(name: "c"))
    #expect(path.ids == [0, 1, 2])
    #expect(path.map(\.name) == ["a", "b", "c"])

    path[id: 1]?.ticks = 4
    #expect(path[id: 1] == Screen.State(name: "b", ticks: 4))
    #expect(path[1].ticks == 4)

    path.pop(from: 1)
    #expect(path.ids == [0])
    path.append(Screen.State(name: "d"))
    #expect(path.ids == [0, 3])
    #expect(path[id: 3]?.name == "d")
    #expect(path[id: 1] == nil)

    #expect(path.popLast()?.name == "d")
    path[id: 0] = nil
    #expect(path.isEmpty)
    #expect(path.popLast() == nil)
    #expect(path.nextElementID == 4)
    #expect(StackElementID(integerLiteral: 3).description == "#3")
  }

  @Test func stackStatesAreEqualOnlyWithTheSameIDs() {
    var popped = StackState([Screen.State(name: "a"), Screen.State(name: "b")])
    popped.pop(from: 1)
    popped.append(Screen.State(name: "b"))
    #expect(popped.map(\.name) == ["a", "b"])
    #expect(popped != StackState([Screen.State(name: "a"), Screen.State(name: "b")]))
    #expect(StackState([Screen.State(name: "a")]) == StackState([Screen.State(name: "a")]))
  }

  @Test @MainActor func pushElementAndPopActionsDriveTheStack() async {
    let store = TestStore(initialState: Navigation.State()) { Navigation() }
    await store.send(.path(.push(id: 0, state: Screen.State(name: "a")))) {
      $0.path.append(Screen.State(name: "a"))
      $0.log = ["parent saw push of a as #0"]
    }
    await store.send(.path(.push(id: 1, state: Screen.State(name: "b")))) {
      $0.path.append(Screen.State(name: "b"))
      $0.log.append("parent saw push of b as #1")
    }
    await store.send(.path(.element(id: 0, action: .tick))) {
      $0.path[id: 0]?.ticks = 1
      $0.log.append("parent saw #0 tick with 1 ticks")
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path.pop(from: 0)
      $0.log.append("parent saw pop from #0 with 2 screens")
    }
    #expect(store.state.path.isEmpty)
    #expect(store.state.path.nextElementID == 2)
    await store.finish()
  }

  @Test @MainActor func aPushWithTheWrongIDIsIgnoredAndReported() async {
    let store = TestStore(initialState: Navigation.State()) { Navigation() }
    await store.send(.open("a")) { $0.path.append(Screen.State(name: "a")) }
    await withKnownIssue {
      await store.send(.path(.push(id: 0, state: Screen.State(name: "again")))) {
        $0.log = ["parent saw push of again as #0"]
      }
    } matching: { issue in
      issue.hasComment(
        containing: "A stack at UnidirectionalFlowTests/StackTests.swift:",
        " was asked to push with id #0, but the next id is #1; the push was ignored.")
    }
    #expect(store.state.path.ids == [0])
    await store.finish()
  }

  @Test @MainActor func anActionForAMissingElementIsIgnoredAndReported() async {
    let store = TestStore(initialState: Navigation.State()) { Navigation() }
    await withKnownIssue {
      await store.send(.path(.element(id: 5, action: .tick))) {
        $0.log = ["parent saw #5 tick with no ticks"]
      }
    } matching: { issue in
      issue.hasComment(
        containing: "A stack at UnidirectionalFlowTests/StackTests.swift:",
        " received tick for element #5, which is not on the stack; the action was ignored.")
    }
    await store.finish()
  }

  @Test @MainActor func poppingCancelsThePoppedElementsEffectsOnly() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.open("a")) { $0.path.append(Screen.State(name: "a")) }
    await store.send(.open("b")) { $0.path.append(Screen.State(name: "b")) }
    await store.send(.path(.element(id: 0, action: .start))) {
      $0.log = ["parent saw #0 start with 0 ticks"]
    }
    await clock.waitForSleepers(1)
    await store.send(.path(.element(id: 1, action: .start))) {
      $0.log.append("parent saw #1 start with 0 ticks")
    }
    await clock.waitForSleepers(2)

    await store.send(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
      $0.log.append("parent saw pop from #1 with 2 screens")
    }
    #expect(clock.pendingSleepers == 1)
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .tick))) {
      $0.path[id: 0]?.ticks = 1
      $0.log.append("parent saw #0 tick with 1 ticks")
    }
    await clock.waitForSleepers(1)

    await store.send(.path(.popFrom(id: 0))) {
      $0.path.pop(from: 0)
      $0.log.append("parent saw pop from #0 with 1 screens")
    }
    #expect(clock.pendingSleepers == 0)
    await clock.advance(by: .seconds(60))
    await store.finish()
  }

  @Test @MainActor func theDismissDependencyPopsTheElementAndEverythingAboveIt() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.open("a")) { $0.path.append(Screen.State(name: "a")) }
    await store.send(.open("b")) { $0.path.append(Screen.State(name: "b")) }
    await store.send(.open("c")) { $0.path.append(Screen.State(name: "c")) }
    await store.send(.path(.element(id: 2, action: .start))) {
      $0.log = ["parent saw #2 start with 0 ticks"]
    }
    await clock.waitForSleepers(1)

    await store.send(.path(.element(id: 1, action: .closeButtonTapped))) {
      $0.log.append("parent saw #1 closeButtonTapped with 0 ticks")
    }
    await store.receive(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
      $0.log.append("parent saw pop from #1 with 3 screens")
    }
    #expect(store.state.path.ids == [0])
    // The screen above the dismissed one was popped too, and its timer with it.
    #expect(clock.pendingSleepers == 0)
    await store.finish()
  }
}
