import TicTacToeAppCore
import TicTacToeAuthenticationClient
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import TicTacToeTwoFactorCore
import UnidirectionalFlow

/// Names a processed app action by its case path from the root, as the JSON-lines protocol and
/// `ttt_action_event` show it: `login.view.binding.email`, `login.loginResponse.failure`.
///
/// Payloads are left out (so secrets never appear); a failed response carries its error's
/// message, which the authentication client guarantees is free of secrets.
///
/// Every path is written out whole, as a literal: describing an action runs for every action
/// the store processes, and a literal is a constant string, where joining the parts would
/// allocate a new one each time.
enum ActionDescription {
  /// The case path of `action`, and the error message of a failed response.
  static func describe(_ action: TicTacToe.Action) -> (casePath: String, error: String?) {
    switch action {
    case .login(let login): describe(login)
    case .newGame(let newGame): (describe(newGame), nil)
    }
  }

  private static func describe(_ action: Login.Action) -> (String, String?) {
    switch action {
    case .view(.binding(let binding)):
      (
        binding.keyPath == BindingField.email
          ? "login.view.binding.email"
          : binding.keyPath == BindingField.password
            ? "login.view.binding.password" : "login.view.binding.unknown", nil
      )
    case .view(.loginButtonTapped): ("login.view.loginButtonTapped", nil)
    case .loginResponse(.success): ("login.loginResponse.success", nil)
    case .loginResponse(.failure(let error)): ("login.loginResponse.failure", error.description)
    case .alert(.dismiss): ("login.alert.dismiss", nil)
    case .alert(.presented): ("login.alert.presented", nil)
    case .twoFactor(.dismiss): ("login.twoFactor.dismiss", nil)
    case .twoFactor(.presented(let twoFactor)): describe(twoFactor)
    }
  }

  private static func describe(_ action: TwoFactor.Action) -> (String, String?) {
    switch action {
    case .view(.binding(let binding)):
      (
        binding.keyPath == BindingField.code
          ? "login.twoFactor.view.binding.code" : "login.twoFactor.view.binding.unknown", nil
      )
    case .view(.submitButtonTapped): ("login.twoFactor.view.submitButtonTapped", nil)
    case .twoFactorResponse(.success): ("login.twoFactor.twoFactorResponse.success", nil)
    case .twoFactorResponse(.failure(let error)):
      ("login.twoFactor.twoFactorResponse.failure", error.description)
    case .alert(.dismiss): ("login.twoFactor.alert.dismiss", nil)
    case .alert(.presented): ("login.twoFactor.alert.presented", nil)
    }
  }

  private static func describe(_ action: NewGame.Action) -> String {
    switch action {
    case .binding(let binding):
      binding.keyPath == BindingField.oPlayerName
        ? "newGame.binding.oPlayerName"
        : binding.keyPath == BindingField.xPlayerName
          ? "newGame.binding.xPlayerName" : "newGame.binding.unknown"
    case .letsPlayButtonTapped: "newGame.letsPlayButtonTapped"
    case .logoutButtonTapped: "newGame.logoutButtonTapped"
    case .game(.dismiss): "newGame.game.dismiss"
    case .game(.presented(.cellTapped)): "newGame.game.cellTapped"
    case .game(.presented(.playAgainButtonTapped)): "newGame.game.playAgainButtonTapped"
    case .game(.presented(.quitButtonTapped)): "newGame.game.quitButtonTapped"
    case .game(.presented(.alert(.presented(.confirmQuitButtonTapped)))):
      "newGame.game.alert.confirmQuitButtonTapped"
    case .game(.presented(.alert(.dismiss))): "newGame.game.alert.dismiss"
    }
  }

  /// The key paths of the fields a binding action sets, made once: a key path literal in the
  /// per-action path would be looked up again on every action.
  private enum BindingField {
    static let email: AnyKeyPath & Sendable = \Login.State.email
    static let password: AnyKeyPath & Sendable = \Login.State.password
    static let code: AnyKeyPath & Sendable = \TwoFactor.State.code
    static let oPlayerName: AnyKeyPath & Sendable = \NewGame.State.oPlayerName
    static let xPlayerName: AnyKeyPath & Sendable = \NewGame.State.xPlayerName
  }
}
