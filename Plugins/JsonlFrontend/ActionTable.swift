import TicTacToeFrontendABI

/// One user intent of the protocol: its case path, the ABI tag that sends it, and its payload.
///
/// A hand-written table of the ABI's 16 tags (the header gives each tag's case path).
struct ActionSpec {
  /// The payload fields an action takes.
  enum Payload {
    /// No fields.
    case none
    /// `value`: a string.
    case text
    /// `row` and `column`: integers 0...2.
    case cell

    /// The field names, in the order they are checked.
    var fields: [String] {
      switch self {
      case .none: []
      case .text: ["value"]
      case .cell: ["row", "column"]
      }
    }
  }

  /// The case path from the root: `login.view.binding.email`.
  let path: String
  /// The ABI tag sending it.
  let tag: ttt_action_tag
  /// Its payload.
  let payload: Payload

  /// Whether the payload is a secret (the password), which no message may repeat.
  var isSecret: Bool { tag == TTT_ACTION_LOGIN_SET_PASSWORD }

  /// The action at `path`, or `nil` if no user intent has that path.
  static func named(_ path: String) -> ActionSpec? {
    let (tag, payload): (ttt_action_tag, Payload)
    switch path {
    case "login.view.binding.email": (tag, payload) = (TTT_ACTION_LOGIN_SET_EMAIL, .text)
    case "login.view.binding.password": (tag, payload) = (TTT_ACTION_LOGIN_SET_PASSWORD, .text)
    case "login.view.loginButtonTapped": (tag, payload) = (TTT_ACTION_LOGIN_BUTTON_TAPPED, .none)
    case "login.alert.dismiss": (tag, payload) = (TTT_ACTION_LOGIN_ALERT_DISMISS, .none)
    case "login.twoFactor.view.binding.code":
      (tag, payload) = (TTT_ACTION_TWO_FACTOR_SET_CODE, .text)
    case "login.twoFactor.view.submitButtonTapped":
      (tag, payload) = (TTT_ACTION_TWO_FACTOR_SUBMIT_BUTTON_TAPPED, .none)
    case "login.twoFactor.alert.dismiss":
      (tag, payload) = (TTT_ACTION_TWO_FACTOR_ALERT_DISMISS, .none)
    case "login.twoFactor.dismiss": (tag, payload) = (TTT_ACTION_TWO_FACTOR_DISMISS, .none)
    case "newGame.binding.oPlayerName":
      (tag, payload) = (TTT_ACTION_NEW_GAME_SET_O_PLAYER_NAME, .text)
    case "newGame.binding.xPlayerName":
      (tag, payload) = (TTT_ACTION_NEW_GAME_SET_X_PLAYER_NAME, .text)
    case "newGame.letsPlayButtonTapped":
      (tag, payload) = (TTT_ACTION_NEW_GAME_LETS_PLAY_BUTTON_TAPPED, .none)
    case "newGame.logoutButtonTapped":
      (tag, payload) = (TTT_ACTION_NEW_GAME_LOGOUT_BUTTON_TAPPED, .none)
    case "newGame.game.cellTapped": (tag, payload) = (TTT_ACTION_GAME_CELL_TAPPED, .cell)
    case "newGame.game.playAgainButtonTapped":
      (tag, payload) = (TTT_ACTION_GAME_PLAY_AGAIN_BUTTON_TAPPED, .none)
    case "newGame.game.quitButtonTapped":
      (tag, payload) = (TTT_ACTION_GAME_QUIT_BUTTON_TAPPED, .none)
    case "newGame.game.dismiss": (tag, payload) = (TTT_ACTION_GAME_DISMISS, .none)
    default: return nil
    }
    return ActionSpec(path: path, tag: tag, payload: payload)
  }

  /// The case paths of actions only effects send (server responses): a client may never fake
  /// them, so they are refused with their own message.
  static let effectOnlyPrefixes = ["login.loginResponse", "login.twoFactor.twoFactorResponse"]

  /// Whether `path` names an action that only an effect may send.
  static func isEffectOnly(_ path: String) -> Bool {
    effectOnlyPrefixes.contains { path == $0 || path.hasPrefix($0 + ".") }
  }
}
