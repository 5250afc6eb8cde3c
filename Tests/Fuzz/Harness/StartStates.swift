import TicTacToeAppCore
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import TicTacToeTwoFactorCore
import UnidirectionalFlow

/// Real app states to fuzz from: one of every screen and of the situations that change what
/// the host accepts (an alert up or not, a request in flight, a game won, tied or going on).
public enum StartStates {
  /// The states, in a fixed order (a fuzz input picks one by index).
  public static let all: [TicTacToe.State] = {
    var filled = Login.State()
    filled.email = "blob@pointfree.co"
    filled.password = "password"
    filled.isFormValid = true

    var inFlight = filled
    inFlight.isLoginRequestInFlight = true

    var loginAlert = filled
    loginAlert.alert = AlertState(title: "Invalid user or password.")

    var twoFactor = filled
    twoFactor.email = "blob+2fa@pointfree.co"
    twoFactor.twoFactor = TwoFactor.State(token: "deadbeef")

    var twoFactorAlert = twoFactor
    twoFactorAlert.twoFactor?.code = "0000"
    twoFactorAlert.twoFactor?.isFormValid = true
    twoFactorAlert.twoFactor?.alert = AlertState(title: "Invalid second factor.")

    var twoFactorInFlight = twoFactor
    twoFactorInFlight.twoFactor?.code = "1234"
    twoFactorInFlight.twoFactor?.isFormValid = true
    twoFactorInFlight.twoFactor?.isTwoFactorRequestInFlight = true

    let named = NewGame.State(oPlayerName: "Blub", xPlayerName: "Blob")
    var playing = named
    playing.game = Game.State(oPlayerName: "Blub", xPlayerName: "Blob")
    playing.game?.board[1][1] = .x
    playing.game?.currentPlayer = .o

    var won = playing
    won.game?.board = Three(
      Three(.x, .x, .x), Three(.o, .o, nil), Three(nil, nil, nil))
    won.game?.currentPlayer = .x

    var tied = playing
    tied.game?.board = Three(
      Three(.x, .o, .x), Three(.x, .o, .o), Three(.o, .x, .x))

    return [
      TicTacToe.State(), .login(filled), .login(inFlight), .login(loginAlert), .login(twoFactor),
      .login(twoFactorAlert), .login(twoFactorInFlight), .newGame(NewGame.State()),
      .newGame(named), .newGame(playing), .newGame(won), .newGame(tied),
    ]
  }()
}
