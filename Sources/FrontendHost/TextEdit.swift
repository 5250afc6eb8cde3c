import AppCore
import TicTacToeFrontendABI

/// Applies `ttt_host_api.edit_text`: an edit relative to a text field's current value, which
/// lets a front end edit the password it cannot read.
enum TextEdit {
  /// The action tag that sets `field`, and the field's current value in `state`.
  static func current(
    _ field: UInt32, in state: TicTacToe.State
  ) -> Result<(tag: ttt_action_tag, value: String), HostCallError> {
    switch (ttt_text_field(rawValue: field), state) {
    case (TTT_FIELD_LOGIN_EMAIL, .login(let login)):
      return .success((TTT_ACTION_LOGIN_SET_EMAIL, login.email))
    case (TTT_FIELD_LOGIN_PASSWORD, .login(let login)):
      return .success((TTT_ACTION_LOGIN_SET_PASSWORD, login.password))
    case (TTT_FIELD_TWO_FACTOR_CODE, .login(let login)):
      guard let twoFactor = login.twoFactor else {
        return .failure(.inactive("no two-factor screen is presented"))
      }
      return .success((TTT_ACTION_TWO_FACTOR_SET_CODE, twoFactor.code))
    case (TTT_FIELD_NEW_GAME_O_PLAYER_NAME, .newGame(let newGame)):
      return .success((TTT_ACTION_NEW_GAME_SET_O_PLAYER_NAME, newGame.oPlayerName))
    case (TTT_FIELD_NEW_GAME_X_PLAYER_NAME, .newGame(let newGame)):
      return .success((TTT_ACTION_NEW_GAME_SET_X_PLAYER_NAME, newGame.xPlayerName))
    case (TTT_FIELD_LOGIN_EMAIL, _), (TTT_FIELD_LOGIN_PASSWORD, _), (TTT_FIELD_TWO_FACTOR_CODE, _):
      return .failure(.inactive("the login screen is not shown: the new-game screen is active"))
    case (TTT_FIELD_NEW_GAME_O_PLAYER_NAME, _), (TTT_FIELD_NEW_GAME_X_PLAYER_NAME, _):
      return .failure(.inactive("the new-game screen is not shown: the login screen is active"))
    default:
      return .failure(.unknown("unknown text field \(field)"))
    }
  }

  /// `value` after `edit` with `text`.
  static func apply(
    _ edit: UInt32, text: String?, to value: String
  ) -> Result<String, HostCallError> {
    switch ttt_text_edit(rawValue: edit) {
    case TTT_EDIT_APPEND:
      guard let text else { return .failure(.invalid("TTT_EDIT_APPEND needs a text, got NULL")) }
      return .success(value + text)
    case TTT_EDIT_DELETE_BACKWARD:
      return .success(String(value.dropLast()))
    case TTT_EDIT_CLEAR:
      return .success("")
    default:
      return .failure(.unknown("unknown text edit \(edit)"))
    }
  }
}
