import LoginCore
import NewGameCore
import UnidirectionalFlow

extension TicTacToe.State: CasePathable {
  /// The case paths of ``TicTacToe/State``: `\.login`, `\.newGame`.
  public struct AllCasePaths: Sendable {
    /// The login screen's state.
    public var login: AnyCasePath<TicTacToe.State, Login.State> {
      AnyCasePath(embed: TicTacToe.State.login) {
        if case .login(let state) = $0 { state } else { nil }
      }
    }

    /// The new-game screen's state.
    public var newGame: AnyCasePath<TicTacToe.State, NewGame.State> {
      AnyCasePath(embed: TicTacToe.State.newGame) {
        if case .newGame(let state) = $0 { state } else { nil }
      }
    }
  }

  /// The case paths of ``TicTacToe/State``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension TicTacToe.Action: CasePathable {
  /// The case paths of ``TicTacToe/Action``: `\.login`, `\.newGame`, from which every user
  /// intent is reached, e.g. `\.login.view.binding.email` or `\.newGame.game.cellTapped`.
  public struct AllCasePaths: Sendable {
    /// The login screen's actions.
    public var login: AnyCasePath<TicTacToe.Action, Login.Action> {
      AnyCasePath(embed: TicTacToe.Action.login) {
        if case .login(let action) = $0 { action } else { nil }
      }
    }

    /// The new-game screen's actions.
    public var newGame: AnyCasePath<TicTacToe.Action, NewGame.Action> {
      AnyCasePath(embed: TicTacToe.Action.newGame) {
        if case .newGame(let action) = $0 { action } else { nil }
      }
    }
  }

  /// The case paths of ``TicTacToe/Action``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
