import TicTacToeLoginCore
import TicTacToeNewGameCore

extension TicTacToe.State {
  /// Why `action` would change nothing now, in words a person reads ("row 2, column 3 is
  /// taken", "name both players first"), or `nil` if it would be carried out: the reason of the
  /// feature the action is for, when that feature is shown.
  ///
  /// The reducers ignore such actions by themselves; the host refuses them with this reason
  /// (`TTT_ERR_DISABLED`) so that a front end can say why nothing happened.
  public func whyDisabled(_ action: TicTacToe.Action) -> String? {
    switch (self, action) {
    case (.login(let login), .login(.view(let view))):
      login.whyDisabled(view)
    case (.login(let login), .login(.twoFactor(.presented(.view(let view))))):
      login.twoFactor?.whyDisabled(view)
    case (.newGame(let newGame), .newGame(.game(.presented(let game)))):
      newGame.game?.whyDisabled(game)
    case (.newGame(let newGame), .newGame(let action)):
      newGame.whyDisabled(action)
    default:
      nil
    }
  }
}
