import Testing
import UnidirectionalFlow
import UnidirectionalFlowMacros
import UnidirectionalFlowTesting

@Reducer
private struct Counter {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case incrementButtonTapped }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
  }
}

private struct Note: Equatable {
  var text: String
}

/// An enum reducer, as upstream's users write a stack's path: one feature, an alert (ephemeral
/// without a mark), a marked ephemeral case and an ignored one.
@Reducer(state: .equatable, action: .equatable)
private enum Path {
  case counter(Counter)
  case alert(AlertState<Alert>)
  @ReducerCaseIgnored
  case note(Note)

  enum Alert: Equatable { case confirm }
}

/// An enum reducer that writes its own body, adding logic around its child.
@Reducer(state: .equatable, action: .equatable)
private enum Doubling {
  case counter(Counter)

  static var body: some Reducer<State, Action> {
    Scope(state: \.counter, action: \.counter) { Counter() }
    Reduce { state, action in
      state.modify(\.counter) { $0.count *= 2 }
      return .none
    }
  }
}

@Reducer
private struct Navigation {
  struct State: Equatable {
    var path = StackState<Path.State>()
  }
  enum Action: Equatable {
    case path(StackActionOf<Path>)
  }

  var body: some Reducer<State, Action> {
    Reduce { _, _ in .none }
      .forEach(\.path, action: \.path)
  }
}

struct UpstreamReducerTests {
  @Test @MainActor func aStackRunsAnEnumPathReducerWithoutAClosure() async {
    let store = TestStore(initialState: Navigation.State()) { Navigation() }
    await store.send(.path(.push(id: 0, state: .counter(Counter.State())))) {
      $0.path.append(.counter(Counter.State()))
    }
    await store.send(\.path[id: 0].counter.incrementButtonTapped) {
      $0.path[id: 0]?.modify(\.counter) { $0.count = 1 }
    }
    await store.send(.path(.push(id: 1, state: .note(Note(text: "hi"))))) {
      $0.path.append(.note(Note(text: "hi")))
    }
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
  }

  @Test func anEnumReducerHasGeneratedStateAndActionWithTheirConformances() {
    let alert = Path.State.alert(AlertState(title: "Sure?"))
    #expect(alert == .alert(AlertState(title: "Sure?")))
    #expect(alert.alert?.title == "Sure?")
    #expect(Path.State.note(Note(text: "a")).note == Note(text: "a"))
    #expect(Path.Action.alert(.confirm) == .alert(.confirm))
    #expect(Path.Action.counter(.incrementButtonTapped).is(\.counter))
  }

  @Test @MainActor func storeOfAndStackActionOfNameAFeaturesTypes() {
    let store: StoreOf<Counter> = Store(initialState: Counter.State()) { Counter() }
    let push: StackActionOf<Counter> = .push(id: 0, state: Counter.State(count: 2))
    store.send(.incrementButtonTapped)
    #expect(store.count == 1)
    #expect(push == .push(id: 0, state: Counter.State(count: 2)))
  }

  @Test @MainActor func anEnumReducerIsAReducerThatNamesItsTypes() {
    let push: StackActionOf<Path> = .push(id: 0, state: .counter(Counter.State()))
    #expect(push == StackAction.push(id: 0, state: Path.State.counter(Counter.State())))
    let store: StoreOf<Path> = Store(initialState: .counter(Counter.State())) { Path.body }
    store.send(.counter(.incrementButtonTapped))
    #expect(store.state == .counter(Counter.State(count: 1)))
    // Through the protocol, an enum with its own body runs that body.
    var state = Doubling.State.counter(Counter.State(count: 1))
    _ = Self.caseBody(of: Doubling.self).reduce(
      into: &state, action: .counter(.incrementButtonTapped))
    #expect(state == .counter(Counter.State(count: 4)))
  }

  /// The body of any enum reducer, reached through `CaseReducer`.
  private static func caseBody<R: CaseReducer>(of _: R.Type) -> R.CaseBody { R.body }

  @Test func anEphemeralOrIgnoredCaseRunsNoReducer() {
    var state = Path.State.alert(AlertState(title: "Sure?"))
    _ = Path.body.reduce(into: &state, action: .alert(.confirm))
    #expect(state == .alert(AlertState(title: "Sure?")))
  }

  @Test @MainActor func anEnumReducerWithItsOwnBodyRunsIt() async {
    let store = Store(initialState: .counter(Counter.State(count: 1))) {
      Doubling.body
    }
    store.send(.counter(.incrementButtonTapped))
    #expect(store.state == .counter(Counter.State(count: 4)))
  }
}
