import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

private struct SignUp: Reducer {
  struct State: Equatable, Sendable {
    var email = ""
    var password = ""
    var newsletter = false
    var isFormValid = false
    var submissions = 0
  }
  enum Action: Equatable, Sendable, CasePathable {
    case view(View)

    enum View: Equatable, Sendable, CasePathable {
      case binding(BindingAction<State>)
      case submitButtonTapped

      struct AllCasePaths: Sendable {
        var binding: AnyCasePath<View, BindingAction<State>> {
          AnyCasePath(embed: View.binding) { if case .binding(let b) = $0 { b } else { nil } }
        }
      }
      static var allCasePaths: AllCasePaths { AllCasePaths() }
    }

    struct AllCasePaths: Sendable {
      var view: AnyCasePath<Action, View> {
        AnyCasePath(embed: Action.view) { if case .view(let v) = $0 { v } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some Reducer<State, Action> {
    BindingReducer(action: \.view.binding)
    Reduce { state, action in
      switch action {
      case .view(.binding):
        // Sees the field the binding reducer just wrote.
        state.isFormValid = state.email.contains("@") && state.password.count >= 4
      case .view(.submitButtonTapped):
        state.submissions += 1
      }
      return .none
    }
  }
}

@Suite struct BindingTests {
  @Test @MainActor func bindingReducerWritesTheFieldBeforeTheFeaturesLogicRuns() async {
    let store = TestStore(initialState: SignUp.State()) { SignUp() }
    await store.send(.view(.binding(.set(\.email, "blob@pointfree.co")))) {
      $0.email = "blob@pointfree.co"
    }
    await store.send(.view(.binding(.set(\.password, "1234")))) {
      $0.password = "1234"
      $0.isFormValid = true
    }
    await store.send(.view(.binding(.set(\.newsletter, true)))) { $0.newsletter = true }
    await store.finish()
  }

  @Test @MainActor func bindingActionsCanBeSentByCaseKeyPath() async {
    let store = TestStore(initialState: SignUp.State(password: "secret")) { SignUp() }
    await store.send(\.view.binding.email, "blob@pointfree.co") {
      $0.email = "blob@pointfree.co"
      $0.isFormValid = true
    }
    await store.send(\.view.binding.newsletter, true) { $0.newsletter = true }
    await store.finish()
  }

  @Test @MainActor func otherActionsLeaveTheBoundFieldsAlone() async {
    let store = TestStore(initialState: SignUp.State(email: "a@b.c")) { SignUp() }
    await store.send(.view(.submitButtonTapped)) { $0.submissions = 1 }
    await store.finish()
  }

  @Test func bindingActionsAreEqualWhenTheySetTheSameFieldToTheSameValue() {
    typealias Binding = BindingAction<SignUp.State>
    #expect(Binding.set(\.email, "a") == Binding.set(\.email, "a"))
    #expect(Binding.set(\.email, "a") != Binding.set(\.email, "b"))
    #expect(Binding.set(\.email, "a") != Binding.set(\.password, "a"))
    #expect(Binding.set(\.newsletter, true) != Binding.set(\.email, "true"))
  }

  @Test func bindingActionsSetTheirFieldAndDescribeThemselves() {
    let action = BindingAction<SignUp.State>.set(\.email, "blob@pointfree.co")
    var state = SignUp.State()
    action.set(&state)
    #expect(state == SignUp.State(email: "blob@pointfree.co"))
    #expect(action.keyPath == \SignUp.State.email)
    #expect(action.value as? String == "blob@pointfree.co")
    #expect(action.description.hasPrefix("binding("))
    #expect(action.description.hasSuffix(", \"blob@pointfree.co\")"))
  }

  @Test func aBindingActionsValueIsReadOnlyAtItsOwnField() {
    let email = BindingAction<SignUp.State>.set(\.email, "blob@pointfree.co")
    #expect(email.value(at: \.email) == "blob@pointfree.co")
    // Another field of the same type, and one of another type.
    #expect(email.value(at: \.password) == nil)
    #expect(email.value(at: \.newsletter) == nil)
    let newsletter = BindingAction<SignUp.State>.set(\.newsletter, true)
    #expect(newsletter.value(at: \.newsletter) == true)
    #expect(newsletter.value(at: \.email) == nil)
  }
}
