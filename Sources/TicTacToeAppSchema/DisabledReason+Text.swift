import TicTacToeAppCore
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import TicTacToeTwoFactorCore

extension TicTacToe.DisabledReason {
  /// The reason in words a person reads, the one place they are written: the host's refusal
  /// (`TTT_ERR_DISABLED`'s `last_error`, a JSON-lines `error` event), which every front end
  /// shows as it is. Rows and columns count from 1, as every board labels them ("row 2,
  /// column 3 is taken" for a tap on row 1, column 2); only a payload counts from 0.
  public var text: String {
    switch self {
    case .login(.requestInFlight): "a login request is already in flight"
    case .login(.fieldsEmpty(email: true, password: true)):
      "fill in the email and the password first"
    case .login(.fieldsEmpty(email: true, password: false)): "fill in the email first"
    case .login(.fieldsEmpty): "fill in the password first"
    case .twoFactor(.requestInFlight): "the code is already being checked"
    case .twoFactor(.codeTooShort(let minimumLength)):
      "the code needs at least \(minimumLength) characters"
    case .newGame(.playersUnnamed): "name both players first"
    case .game(.quitConfirmationShown): "answer the alert first: quit, or keep playing"
    case .game(.cellOutsideBoard(let row, let column)):
      "cellTapped(row: \(row), column: \(column)) is outside the board (an action counts rows "
        + "and columns from 0 to 2)"
    case .game(.gameWon(let winnerName)): "the game is over: \(winnerName) won"
    case .game(.gameTied): "the game is over: it is a tie"
    case .game(.cellTaken(let row, let column)): "row \(row + 1), column \(column + 1) is taken"
    }
  }
}
