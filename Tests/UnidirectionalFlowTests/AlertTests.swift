import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

private struct Inbox: Reducer {
  enum AlertAction: Equatable, Sendable {
    case confirmDeletion
    case keep
  }
  struct State: Equatable {
    var alert: AlertState<AlertAction>?
    var messages = ["hello", "bye"]
    var log: [String] = []
  }
  enum Action: Equatable, Sendable, CasePathable {
    case alert(PresentationAction<AlertAction>)
    case deleteButtonTapped

    struct AllCasePaths: Sendable {
      var alert: AnyCasePath<Action, PresentationAction<AlertAction>> {
        AnyCasePath(embed: Action.alert) { if case .alert(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  static let deletionAlert = AlertState<AlertAction>(
    title: "Delete all messages?",
    message: "This cannot be undone.",
    buttons: [
      ButtonState(title: "Delete", role: .destructive, action: .confirmDeletion),
      ButtonState(title: "Keep", role: .cancel, action: .keep),
    ])

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .deleteButtonTapped:
        state.alert = Self.deletionAlert
      case .alert(.presented(.confirmDeletion)):
        state.messages = []
        state.log.append("confirmed while shown: \(state.alert != nil)")
      case .alert(.presented(.keep)):
        state.log.append("kept while shown: \(state.alert != nil)")
      case .alert(.dismiss):
        state.log.append("dismissed while shown: \(state.alert != nil)")
      }
      return .none
    }
    .ifLet(\.alert, action: \.alert)
  }
}

@Suite struct AlertTests {
  @Test @MainActor func theAlertClosesAfterTheParentHandlesItsAction() async {
    let store = TestStore(initialState: Inbox.State()) { Inbox() }
    await store.send(.deleteButtonTapped) { $0.alert = Inbox.deletionAlert }
    await store.send(.alert(.presented(.confirmDeletion))) {
      $0.alert = nil
      $0.messages = []
      $0.log = ["confirmed while shown: true"]
    }
    await store.finish()
  }

  @Test @MainActor func theAlertClosesOnAnyOfItsActions() async {
    let store = TestStore(initialState: Inbox.State()) { Inbox() }
    await store.send(.deleteButtonTapped) { $0.alert = Inbox.deletionAlert }
    await store.send(.alert(.presented(.keep))) {
      $0.alert = nil
      $0.log = ["kept while shown: true"]
    }
    await store.send(.deleteButtonTapped) { $0.alert = Inbox.deletionAlert }
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
      $0.log.append("dismissed while shown: true")
    }
    #expect(store.state.messages == ["hello", "bye"])
    await store.finish()
  }

  @Test @MainActor func anAlertActionWithoutAnAlertIsIgnoredAndReported() async {
    let store = TestStore(initialState: Inbox.State()) { Inbox() }
    await withKnownIssue {
      await store.send(.alert(.presented(.confirmDeletion)))
    } matching: { issue in
      issue.hasComment(
        containing: "A presentation at UnidirectionalFlowTests/AlertTests.swift:",
        "while nothing was presented; the action was ignored.")
    }
    #expect(store.state.messages == ["hello", "bye"])
    await store.finish()
  }

  @Test func alertStateIsPlainComparableData() {
    let alert = AlertState<Inbox.AlertAction>(title: "Oops")
    #expect(alert.message == nil)
    #expect(alert.buttons.isEmpty)
    #expect(alert != AlertState(title: "Oops", message: "More"))

    let button = Inbox.deletionAlert.buttons[0]
    #expect(button.title == "Delete")
    #expect(button.role == .destructive)
    #expect(button.action == .confirmDeletion)
    #expect(ButtonState<Inbox.AlertAction>(title: "OK").action == nil)
    #expect(ButtonState<Inbox.AlertAction>(title: "OK").role == nil)
  }
}
