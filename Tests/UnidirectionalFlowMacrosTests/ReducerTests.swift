import Testing
import UnidirectionalFlow
import UnidirectionalFlowMacros
import UnidirectionalFlowTesting

@Reducer
private struct Counter {
  struct State: Equatable {
    var count = 0
    var step = 1
  }

  enum Action: Equatable {
    case view(View)
    case delegate(Delegate)

    enum View: Equatable {
      case binding(BindingAction<State>)
      case incrementButtonTapped
    }

    enum Delegate: Equatable {
      case reachedTen
    }
  }

  var body: some Reducer<State, Action> {
    BindingReducer(action: \.view.binding)
    Reduce { state, action in
      switch action {
      case .view(.incrementButtonTapped):
        state.count += state.step
        return state.count >= 10 ? .send(.delegate(.reachedTen)) : .none
      case .view(.binding), .delegate:
        return .none
      }
    }
  }
}

@Reducer
private struct Greeting {
  struct State: Equatable { var name = "" }
  enum Action: Equatable { case nameChanged(String) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .nameChanged(let name):
      state.name = name
      return .none
    }
  }
}

/// The enum-reducer form: one case per child feature.
@Reducer
private enum Screen {
  case counter(Counter)
  case greeting(Greeting)
}

extension Screen.State: Equatable {}
extension Screen.Action: Equatable {}

/// A struct feature whose state is an enum, presenting a counter.
@Reducer
private struct App {
  enum State: Equatable {
    case counter(Counter.State)
    case greeting(Greeting.State)
  }

  enum Action: Equatable {
    case counter(Counter.Action)
    case greeting(Greeting.Action)
  }

  var body: some Reducer<State, Action> {
    EmptyReducer()
      .ifCaseLet(\.counter, action: \.counter) { Counter() }
      .ifCaseLet(\.greeting, action: \.greeting) { Greeting() }
  }
}

@MainActor
struct ReducerTests {
  @Test func aStructFeatureWithABodyRunsThroughItsCasePaths() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(\.view.binding.step, 5) { $0.step = 5 }
    await store.send(.view(.incrementButtonTapped)) { $0.count = 5 }
    await store.send(.view(.incrementButtonTapped)) { $0.count = 10 }
    await store.receive(\.delegate.reachedTen)
  }

  @Test func aStructFeatureThatReducesItself() async {
    let store = TestStore(initialState: Greeting.State()) { Greeting() }
    await store.send(\.nameChanged, "Blob") { $0.name = "Blob" }
  }

  @Test func anEnumStateGetsCasePaths() async {
    let store = TestStore(initialState: App.State.counter(Counter.State())) { App() }
    await store.send(\.counter.view, .incrementButtonTapped) {
      $0 = .counter(Counter.State(count: 1))
    }
    #expect(App.State.greeting(Greeting.State())[case: \.greeting] == Greeting.State())
  }

  @Test func anEnumReducerRunsEachChildOnItsCase() async {
    let store = TestStore(initialState: Screen.State.greeting(Greeting.State())) { Screen.body }
    await store.send(\.greeting.nameChanged, "Blob") {
      $0 = .greeting(Greeting.State(name: "Blob"))
    }
    #expect(Screen.State.counter(Counter.State()).is(\.counter))
    #expect(Screen.Action.counter(.view(.incrementButtonTapped)).is(\.counter.view))
  }
}
