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
    // The state first, then the action: each matched alone (a tuple of the two would copy
    // both).
    switch self {
    case .login(let login):
      switch action {
      case .login(.view(let view)): return login.whyDisabled(view).map { .login($0) }
      case .login(.twoFactor(.presented(.view(let view)))):
        return login.twoFactor?.whyDisabled(view).map { .twoFactor($0) }
      default: return nil
      }
    case .newGame(let newGame):
      switch action {
      case .newGame(.game(.presented(let game))):
        return newGame.game?.whyDisabled(game).map { .game($0) }
      case .newGame(let action): return newGame.whyDisabled(action).map { .newGame($0) }
      default: return nil
      }
    }
  }
}
