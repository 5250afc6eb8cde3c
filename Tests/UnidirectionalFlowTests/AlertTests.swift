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

  static let deletionAlert = AlertState<AlertAction> {
    TextState("Delete all messages?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
    ButtonState(role: .cancel, action: .keep) { TextState("Keep") }
  } message: {
    TextState("This cannot be undone.")
  }

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
    let alert = AlertState<Inbox.AlertAction> { TextState("Oops") }
    #expect(alert.title == "Oops")
    #expect(alert.message == nil)
    #expect(alert.buttons.isEmpty)
    #expect(
      alert
        != AlertState {
          TextState("Oops")
        } message: {
          TextState("More")
        })
    #expect(alert == AlertState(title: "Oops"))

    #expect(Inbox.deletionAlert.message == "This cannot be undone.")
    let button = Inbox.deletionAlert.buttons[0]
    #expect(button.label == "Delete")
    #expect(button.role == .destructive)
    #expect(button.action == .send(.confirmDeletion))
    #expect(button.action.action == .confirmDeletion)
    let ok = ButtonState<Inbox.AlertAction> { TextState("OK") }
    #expect(ok.action.action == nil)
    #expect(ok.role == nil)
    #expect(ok != ButtonState(role: .cancel) { TextState("OK") })
  }

  @Test func mapEmbedsTheButtonsActionsAndWithActionHandsThemOut() {
    enum Parent: Equatable { case inbox(Inbox.AlertAction) }
    let mapped = Inbox.deletionAlert.map { $0.map(Parent.inbox) }
    #expect(mapped.title == Inbox.deletionAlert.title)
    #expect(mapped.message == Inbox.deletionAlert.message)
    #expect(mapped.buttons.map(\.label) == ["Delete", "Keep"])
    #expect(mapped.buttons.map(\.role) == [.destructive, .cancel])
    #expect(mapped.buttons.map(\.action.action) == [.inbox(.confirmDeletion), .inbox(.keep)])

    var chosen: [Parent?] = []
    for button in mapped.buttons { button.withAction { chosen.append($0) } }
    ButtonState<Parent> { TextState("OK") }.withAction { chosen.append($0) }
    #expect(chosen == [.inbox(.confirmDeletion), .inbox(.keep), nil])

    let dialog = ConfirmationDialogState<Inbox.AlertAction>(titleVisibility: .hidden) {
      TextState("Delete?")
    } actions: {
      ButtonState(action: .keep) { TextState("Keep") }
    } message: {
      TextState("Sure?")
    }
    let mappedDialog = dialog.map { $0.map(Parent.inbox) }
    #expect(mappedDialog.titleVisibility == .hidden)
    #expect(mappedDialog.title == "Delete?")
    #expect(mappedDialog.message == "Sure?")
    #expect(mappedDialog.buttons.map(\.action.action) == [.inbox(.keep)])
  }

  @Test func theButtonBuilderTakesConditionsAndLoops() {
    func alert(canKeep: Bool, extra: [String]) -> AlertState<Inbox.AlertAction> {
      AlertState {
        TextState("Delete?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
        if canKeep {
          ButtonState(action: .keep) { TextState("Keep") }
        } else {
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
        for label in extra {
          ButtonState { TextState(label) }
        }
        if extra.isEmpty {
          ButtonState { TextState("Nothing else") }
        }
      }
    }
    #expect(
      alert(canKeep: true, extra: []).buttons.map(\.label) == ["Delete", "Keep", "Nothing else"])
    #expect(
      alert(canKeep: false, extra: ["A", "B"]).buttons.map(\.label) == [
        "Delete", "Cancel", "A", "B",
      ])
    #expect(alert(canKeep: false, extra: []).buttons[1].role == .cancel)
  }
}
