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
enum ActionDescription {
  /// The case path of `action`, and the error message of a failed response.
  static func describe(_ action: TicTacToe.Action) -> (casePath: String, error: String?) {
    switch action {
    case .login(let login): return prefixed("login", describe(login))
    case .newGame(let newGame): return prefixed("newGame", describe(newGame))
    }
  }

  private static func describe(_ action: Login.Action) -> (String, String?) {
    switch action {
    case .view(.binding(let binding)):
      return (
        "view.binding."
          + field(binding.keyPath, loginFields), nil
      )
    case .view(.loginButtonTapped): return ("view.loginButtonTapped", nil)
    case .loginResponse(let result): return response("loginResponse", result)
    case .alert(.dismiss): return ("alert.dismiss", nil)
    case .alert(.presented): return ("alert.presented", nil)
    case .twoFactor(.dismiss): return ("twoFactor.dismiss", nil)
    case .twoFactor(.presented(let twoFactor)): return prefixed("twoFactor", describe(twoFactor))
    }
  }

  private static func describe(_ action: TwoFactor.Action) -> (String, String?) {
    switch action {
    case .view(.binding(let binding)):
      return ("view.binding." + field(binding.keyPath, twoFactorFields), nil)
    case .view(.submitButtonTapped): return ("view.submitButtonTapped", nil)
    case .twoFactorResponse(let result): return response("twoFactorResponse", result)
    case .alert(.dismiss): return ("alert.dismiss", nil)
    case .alert(.presented): return ("alert.presented", nil)
    }
  }

  private static func describe(_ action: NewGame.Action) -> (String, String?) {
    switch action {
    case .binding(let binding):
      return (
        "binding."
          + field(binding.keyPath, newGameFields),
        nil
      )
    case .letsPlayButtonTapped: return ("letsPlayButtonTapped", nil)
    case .logoutButtonTapped: return ("logoutButtonTapped", nil)
    case .game(.dismiss): return ("game.dismiss", nil)
    case .game(.presented(let game)): return ("game." + describe(game), nil)
    }
  }

  private static func describe(_ action: Game.Action) -> String {
    switch action {
    case .cellTapped: "cellTapped"
    case .playAgainButtonTapped: "playAgainButtonTapped"
    case .quitButtonTapped: "quitButtonTapped"
    case .alert(.presented(.confirmQuitButtonTapped)): "alert.confirmQuitButtonTapped"
    case .alert(.dismiss): "alert.dismiss"
    }
  }

  private static func response(
    _ name: String, _ result: Result<AuthenticationResponse, AuthenticationError>
  ) -> (String, String?) {
    switch result {
    case .success: ("\(name).success", nil)
    case .failure(let error): ("\(name).failure", error.description)
    }
  }

  // The fields' names by key path, made once rather than per action. Constants: a key path is
  // immutable, though AnyKeyPath is not declared Sendable.
  nonisolated(unsafe) private static let loginFields: [AnyKeyPath: String] = [
    \Login.State.email: "email", \Login.State.password: "password",
  ]
  nonisolated(unsafe) private static let twoFactorFields: [AnyKeyPath: String] = [
    \TwoFactor.State.code: "code"
  ]
  nonisolated(unsafe) private static let newGameFields: [AnyKeyPath: String] = [
    \NewGame.State.oPlayerName: "oPlayerName", \NewGame.State.xPlayerName: "xPlayerName",
  ]

  private static func field(_ keyPath: AnyKeyPath, _ names: [AnyKeyPath: String]) -> String {
    names[keyPath] ?? "unknown"
  }

  private static func prefixed(_ prefix: String, _ inner: (String, String?)) -> (String, String?) {
    ("\(prefix).\(inner.0)", inner.1)
  }
}
