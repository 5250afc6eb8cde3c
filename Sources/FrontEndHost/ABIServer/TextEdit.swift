import TicTacToeAppCore
import TicTacToeFrontEndABI

/// Applies `ttt_host_api.edit_text`: an edit relative to a text field's current value, which
/// lets a front end edit the password it cannot read.
enum TextEdit {
  /// The action tag that sets `field`, and the field's current value in `state`.
  static func current(
    _ field: UInt32, in state: TicTacToe.State
  ) throws(HostCallError) -> (tag: ttt_action_tag, value: String) {
    let feature: HostFeature
    switch ttt_text_field(rawValue: field) {
    case TTT_FIELD_LOGIN_EMAIL, TTT_FIELD_LOGIN_PASSWORD: feature = .login
    case TTT_FIELD_TWO_FACTOR_CODE: feature = .twoFactor
    case TTT_FIELD_NEW_GAME_O_PLAYER_NAME, TTT_FIELD_NEW_GAME_X_PLAYER_NAME: feature = .newGame
    default: throw .unknown("unknown text field \(field)")
    }
    switch (ttt_text_field(rawValue: field), try feature.state(in: state)) {
    case (TTT_FIELD_LOGIN_EMAIL, .login(let login)):
      return (TTT_ACTION_LOGIN_SET_EMAIL, login.email)
    case (TTT_FIELD_LOGIN_PASSWORD, .login(let login)):
      return (TTT_ACTION_LOGIN_SET_PASSWORD, login.password)
    case (TTT_FIELD_TWO_FACTOR_CODE, .twoFactor(let twoFactor)):
      return (TTT_ACTION_TWO_FACTOR_SET_CODE, twoFactor.code)
    case (TTT_FIELD_NEW_GAME_O_PLAYER_NAME, .newGame(let newGame)):
      return (TTT_ACTION_NEW_GAME_SET_O_PLAYER_NAME, newGame.oPlayerName)
    case (TTT_FIELD_NEW_GAME_X_PLAYER_NAME, .newGame(let newGame)):
      return (TTT_ACTION_NEW_GAME_SET_X_PLAYER_NAME, newGame.xPlayerName)
    default:
      // `feature` was chosen for the field, so its state is the one the field is in.
      throw .unknown("text field \(field) is not in \(feature.displayName)")
    }
  }

  /// `value` after `edit` with `text`.
  static func apply(
    _ edit: UInt32, text: String?, to value: String
  ) throws(HostCallError) -> String {
    switch ttt_text_edit(rawValue: edit) {
    case TTT_EDIT_APPEND:
      guard let text else { throw .invalid("TTT_EDIT_APPEND needs a text, got NULL") }
      return value + text
    case TTT_EDIT_DELETE_BACKWARD:
      return String(value.dropLast())
    case TTT_EDIT_CLEAR:
      return ""
    default:
      throw .unknown("unknown text edit \(edit)")
    }
  }
}
