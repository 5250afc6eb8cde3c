import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

private struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
  }
  enum Action: Equatable, Sendable {
    case increment
    case incrementLater
    case incremented
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .incrementLater:
      return .send(.incremented)
    case .incremented:
      state.count += 100
      return .none
    }
  }
}

/// A parent that holds the counter in a field.
private struct Parent: Reducer {
  struct State: Equatable {
    var counter = Counter.State()
    var countsSeenByParent: [Int] = []
  }
  enum Action: Equatable, Sendable, CasePathable {
    case counter(Counter.Action)
    case parentOnly

    struct AllCasePaths: Sendable {
      var counter: AnyCasePath<Action, Counter.Action> {
        AnyCasePath(embed: Action.counter) { if case .counter(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.counter, action: \.counter) { Counter() }
    Reduce { state, _ in
      state.countsSeenByParent.append(state.counter.count)
      return .none
    }
  }
}

/// A parent whose state is an enum, with the counter in one case.
private struct Session: Reducer {
  enum State: Equatable, CasePathable {
    case signedIn(Counter.State)
    case signedOut

    struct AllCasePaths: Sendable {
      var signedIn: AnyCasePath<State, Counter.State> {
        AnyCasePath(embed: State.signedIn) { if case .signedIn(let s) = $0 { s } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }
  enum Action: Equatable, Sendable, CasePathable {
    case signedIn(Counter.Action)
    case signOut

    struct AllCasePaths: Sendable {
      var signedIn: AnyCasePath<Action, Counter.Action> {
        AnyCasePath(embed: Action.signedIn) { if case .signedIn(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.signedIn, action: \.signedIn) { Counter() }
    Reduce { state, action in
      if action == .signOut { state = .signedOut }
      return .none
    }
  }
}

@Suite struct ScopeTests {
  @Test @MainActor func structFieldScopeRunsTheChildOnItsFieldBeforeLaterReducers() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.counter(.increment)) {
      $0.counter.count = 1
      $0.countsSeenByParent = [1]
    }
    await store.send(.parentOnly) { $0.countsSeenByParent = [1, 1] }
    await store.finish()
  }

  @Test @MainActor func structFieldScopeEmbedsTheChildsEffectActions() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.counter(.incrementLater)) { $0.countsSeenByParent = [0] }
    await store.receive(.counter(.incremented)) {
      $0.counter.count = 100
      $0.countsSeenByParent = [0, 100]
    }
    await store.finish()
  }

  @Test @MainActor func enumCaseScopeRunsTheChildOnTheActiveCase() async {
    let store = TestStore(initialState: Session.State.signedIn(Counter.State())) { Session() }
    await store.send(.signedIn(.increment)) { $0 = .signedIn(Counter.State(count: 1)) }
    await store.send(.signedIn(.incrementLater))
    await store.receive(.signedIn(.incremented)) { $0 = .signedIn(Counter.State(count: 101)) }
    await store.send(.signOut) { $0 = .signedOut }
    await store.finish()
  }

  @Test @MainActor func enumCaseScopeIgnoresAndReportsAnActionForAnInactiveCase() async {
    let store = TestStore(initialState: Session.State.signedOut) { Session() }
    await withKnownIssue {
      await store.send(.signedIn(.increment))
    } matching: { issue in
      issue.hasComment(
        containing: "A Scope at UnidirectionalFlowTests/ScopeTests.swift:",
        " received increment while its state was in another case; the action was ignored.")
    }
    #expect(store.state == .signedOut)
    await store.finish()
  }
}
