import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// A game that asks, in a confirmation dialog held with `@PresentationState`, before it is left.
private struct Table: Reducer {
  enum DialogAction: Equatable, Sendable {
    case leave
    case stay
  }
  struct State: Equatable {
    @PresentationState var dialog: ConfirmationDialogState<DialogAction>?
    var log: [String] = []
  }
  enum Action: Equatable, Sendable, CasePathable {
    case dialog(PresentationAction<DialogAction>)
    case leaveButtonTapped

    struct AllCasePaths: Sendable {
      var dialog: AnyCasePath<Action, PresentationAction<DialogAction>> {
        AnyCasePath(embed: Action.dialog) { if case .dialog(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  static let leaveDialog = ConfirmationDialogState<DialogAction>(titleVisibility: .visible) {
    TextState("Leave the table?")
  } actions: {
    ButtonState(role: .destructive, action: .leave) { TextState("Leave") }
    ButtonState(role: .cancel, action: .stay) { TextState("Stay") }
  } message: {
    TextState("The game in progress is lost.")
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .leaveButtonTapped:
        state.dialog = Self.leaveDialog
      case .dialog(.presented(let choice)):
        state.log.append("\(choice) while shown: \(state.dialog != nil)")
      case .dialog(.dismiss):
        state.log.append("dismissed")
      }
      return .none
    }
    .ifLet(\.$dialog, action: \.dialog)
  }
}

@Suite struct ConfirmationDialogTests {
  @Test func theBuilderKeepsTitleVisibilityMessageAndButtonsInOrder() {
    let dialog = Table.leaveDialog
    #expect(dialog.titleVisibility == .visible)
    #expect(dialog.title == "Leave the table?")
    #expect(dialog.message == "The game in progress is lost.")
    #expect(dialog.buttons.map(\.label) == ["Leave", "Stay"])
    #expect(dialog.buttons.map(\.role) == [.destructive, .cancel])
    #expect(dialog.buttons.map(\.action.action) == [.leave, .stay])

    let plain = ConfirmationDialogState<Table.DialogAction> { TextState("Sure?") }
    #expect(plain.titleVisibility == .automatic)
    #expect(plain.message == nil)
    #expect(plain.buttons.isEmpty)
    #expect(plain != ConfirmationDialogState(titleVisibility: .hidden) { TextState("Sure?") })
  }

  @Test @MainActor func aPresentedDialogClosesAfterTheParentHandlesItsAction() async {
    let store = TestStore(initialState: Table.State()) { Table() }
    await store.send(.leaveButtonTapped) { $0.dialog = Table.leaveDialog }
    await store.send(.dialog(.presented(.leave))) {
      $0.dialog = nil
      $0.log = ["leave while shown: true"]
    }
    await store.send(.leaveButtonTapped) { $0.dialog = Table.leaveDialog }
    await store.send(.dialog(.dismiss)) {
      $0.dialog = nil
      $0.log.append("dismissed")
    }
    await store.finish()
  }
}
