import Testing
import TicTacToeNewGameCore

/// Why the new-game screen ignores "Let's play" (issue 12, defect 3).
struct NewGameDisabledReasonTests {
  @Test func letsPlayNeedsBothNames() {
    var state = NewGame.State(xPlayerName: "Blob")
    #expect(state.whyDisabled(.letsPlayButtonTapped) == .playersUnnamed)
    #expect(state.whyDisabled(.logoutButtonTapped) == nil)
    state.oPlayerName = "Blub"
    #expect(state.whyDisabled(.letsPlayButtonTapped) == nil)
  }
}
