import Testing
import TicTacToeAppCore
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import TicTacToeTwoFactorCore
import UnidirectionalFlow

/// The app's reasons for ignoring an intent (issue 12, defect 3): each feature's, for the screen
/// shown, and they agree with the reducers, which ignore exactly those intents themselves.
@MainActor
struct AppDisabledReasonTests {
  static let states: [TicTacToe.State] = {
    var filled = Login.State()
    filled.email = "blob@pointfree.co"
    filled.password = "password"
    filled.isFormValid = true
    var inFlight = filled
    inFlight.isLoginRequestInFlight = true
    var twoFactor = filled
    twoFactor.twoFactor = TwoFactor.State(token: "deadbeef")
    var game = Game.State(oPlayerName: "Blub", xPlayerName: "Blob")
    game.board[0][0] = .x
    var won = game
    won.board[0][1] = .x
    won.board[0][2] = .x
    return [
      .login(Login.State()), .login(filled), .login(inFlight), .login(twoFactor),
      .newGame(NewGame.State(xPlayerName: "Blob")),
      .newGame(NewGame.State(oPlayerName: "Blub", xPlayerName: "Blob", game: game)),
      .newGame(NewGame.State(oPlayerName: "Blub", xPlayerName: "Blob", game: won)),
    ]
  }()

  static let intents: [TicTacToe.Action] =
    [
      .login(.view(.loginButtonTapped)),
      .login(.twoFactor(.presented(.view(.submitButtonTapped)))),
      .newGame(.letsPlayButtonTapped),
    ]
    + (0..<3).flatMap { row in
      (0..<3).map { column in
        TicTacToe.Action.newGame(.game(.presented(.cellTapped(row: row, column: column))))
      }
    }

  @Test func theFeatureShownGivesTheReason() {
    #expect(
      TicTacToe.State().whyDisabled(.login(.view(.loginButtonTapped)))
        == .login(.fieldsEmpty(email: true, password: true)))
    #expect(
      Self.states[3].whyDisabled(.login(.twoFactor(.presented(.view(.submitButtonTapped)))))
        == .twoFactor(.codeTooShort(minimumLength: 4)))
    #expect(
      Self.states[4].whyDisabled(.newGame(.letsPlayButtonTapped)) == .newGame(.playersUnnamed))
    #expect(
      Self.states[5].whyDisabled(.newGame(.game(.presented(.cellTapped(row: 0, column: 0)))))
        == .game(.cellTaken(row: 0, column: 0)))
    // An intent for a screen that is not shown is not "disabled": that is another refusal.
    #expect(TicTacToe.State().whyDisabled(.newGame(.letsPlayButtonTapped)) == nil)
  }

  @Test func aDisabledIntentChangesNothingInTheReducer() {
    for state in Self.states {
      for intent in Self.intents {
        guard state.whyDisabled(intent) != nil else { continue }
        // A request the reducer started would show as a request in flight.
        var reduced = state
        _ = TicTacToe().reduce(into: &reduced, action: intent)
        #expect(reduced == state, "\(intent) changed \(state)")
      }
    }
  }
}
