import Testing
import UnidirectionalFlow
import UnidirectionalFlowMacros
import UnidirectionalFlowTesting

@Reducer
private struct Editor {
  struct State: Equatable { var text = "" }
  enum Action: Equatable {
    case typed(String)
    case doneButtonTapped
  }

  @Dependency(\.dismiss) var dismiss

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .typed(let text):
        state.text = text
        return .none
      case .doneButtonTapped:
        return .run { _ in await dismiss() }
      }
    }
  }
}

@Reducer(state: .equatable)
private enum Destination {
  case editor(Editor)
}

/// A parent that presents with `@Presents`, as upstream's users write it: a child feature, an
/// alert, and an enum of destinations.
@Reducer
private struct Parent {
  struct State: Equatable {
    @Presents var editor: Editor.State?
    @Presents var alert: AlertState<Action.Alert>?
    @Presents var destination: Destination.State?
    var confirmed = false
  }
  enum Action {
    case editor(PresentationAction<Editor.Action>)
    case alert(PresentationAction<Alert>)
    case destination(PresentationAction<Destination.Action>)
    case editButtonTapped
    case deleteButtonTapped
    case openDestination

    enum Alert: Equatable { case confirm }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .editButtonTapped:
        state.editor = Editor.State()
      case .deleteButtonTapped:
        state.alert = AlertState(title: "Delete?")
      case .alert(.presented(.confirm)):
        state.confirmed = true
      case .openDestination:
        state.destination = .editor(Editor.State())
      case .editor, .alert, .destination:
        break
      }
      return .none
    }
    .ifLet(\.$editor, action: \.editor) { Editor() }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$destination, action: \.destination)
  }
}

@MainActor
struct PresentsTests {
  @Test func aPresentedChildRunsAndDismissesItself() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.editButtonTapped) { $0.editor = Editor.State() }
    await store.send(\.editor.presented.typed, "hi") { $0.editor?.text = "hi" }
    await store.send(\.editor.presented.doneButtonTapped)
    await store.receive(\.editor.dismiss) { $0.editor = nil }
    await store.finish()
  }

  @Test func theProjectionIsThePresentationState() {
    var state = Parent.State()
    state.$editor = PresentationState(wrappedValue: Editor.State(text: "x"))
    #expect(state.editor == Editor.State(text: "x"))
    state.editor = nil
    #expect(state.$editor.wrappedValue == nil)
  }

  @Test func anAlertClosesOnItsAction() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.deleteButtonTapped) { $0.alert = AlertState(title: "Delete?") }
    await store.send(\.alert.presented.confirm) {
      $0.alert = nil
      $0.confirmed = true
    }
  }

  @Test func anEnumDestinationRunsWithoutAClosure() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.openDestination) { $0.destination = .editor(Editor.State()) }
    await store.send(\.destination.presented.editor.typed, "yo") {
      $0.destination?.modify(\.editor) { $0.text = "yo" }
    }
    await store.send(\.destination.dismiss) { $0.destination = nil }
  }
}
