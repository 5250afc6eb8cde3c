import Testing
import UnidirectionalFlow
import UnidirectionalFlowMacros
import UnidirectionalFlowTesting

/// A form whose action is bindable itself, as upstream's `BindingReducer()` expects.
@Reducer
private struct Form {
  struct State: Equatable {
    var email = ""
    var isValid = false
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case submit
  }

  var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { state, action in
      if case .binding = action { state.isValid = state.email.contains("@") }
      return .none
    }
  }
}

/// A feature whose bindings are view actions: `ViewAction` and `BindingReducer(action: \.view)`.
@Reducer
private struct Login {
  struct State: Equatable {
    var email = ""
    var taps = 0
  }
  enum Action: ViewAction {
    case view(View)

    enum View: BindableAction {
      case binding(BindingAction<State>)
      case loginButtonTapped
    }
  }

  var body: some Reducer<State, Action> {
    BindingReducer(action: \.view)
    Reduce { state, action in
      if case .view(.loginButtonTapped) = action { state.taps += 1 }
      return .none
    }
  }
}

@MainActor
struct BindableActionTests {
  @Test func bindingReducerWithoutAPathWritesTheBoundField() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.send(\.binding.email, "a@b.c") {
      $0.email = "a@b.c"
      $0.isValid = true
    }
    await store.send(.submit)
  }

  @Test func theBindingPropertyReadsOnlyTheBindingCase() {
    #expect(Form.Action.submit.binding == nil)
    #expect(Form.Action.binding(.set(\.email, "x")).binding == .set(\.email, "x"))
  }

  @Test func bindingReducerThroughViewActions() async {
    let store = TestStore(initialState: Login.State()) { Login() }
    await store.send(\.view.binding.email, "x@y.z") { $0.email = "x@y.z" }
    await store.send(.view(.loginButtonTapped)) { $0.taps = 1 }
    await store.send(\.view.loginButtonTapped) { $0.taps = 2 }
  }
}
