import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import TicTacToeTwoFactorCore

extension TicTacToe {
  /// Why the app ignores an intent: the reason of the feature the intent is for, as a value.
  /// The host words it once for people (`DisabledReason.text` in the app schema).
  public enum DisabledReason: Equatable, Sendable {
    /// The login screen's reason.
    case login(Login.DisabledReason)
    /// The two-factor screen's reason.
    case twoFactor(TwoFactor.DisabledReason)
    /// The new-game screen's reason.
    case newGame(NewGame.DisabledReason)
    /// The game's reason.
    case game(Game.DisabledReason)
  }
}

extension TicTacToe.State {
  /// Why `action` would change nothing now, or `nil` if it would be carried out: the reason of
  /// the feature the action is for, when that feature is shown.
  ///
  /// The reducers ignore such actions by themselves; the host refuses them with this reason
  /// (`TTT_ERR_DISABLED`) so that a front end can say why nothing happened.
  public func whyDisabled(_ action: TicTacToe.Action) -> TicTacToe.DisabledReason? {
    switch (self, action) {
    case (.login(let login), .login(.view(let view))):
      login.whyDisabled(view).map { .login($0) }
    case (.login(let login), .login(.twoFactor(.presented(.view(let view))))):
      login.twoFactor?.whyDisabled(view).map { .twoFactor($0) }
    case (.newGame(let newGame), .newGame(.game(.presented(let game)))):
      newGame.game?.whyDisabled(game).map { .game($0) }
    case (.newGame(let newGame), .newGame(let action)):
      newGame.whyDisabled(action).map { .newGame($0) }
    default:
      nil
    }
  }
}
