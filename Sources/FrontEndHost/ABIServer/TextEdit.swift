import TicTacToeAppCore
import TicTacToeAppSchema
import TicTacToeFrontEndABI

/// Applies `ttt_host_api.edit_text`: an edit relative to a text field's current value, which
/// lets a front end edit the password it cannot read.
enum TextEdit {
  /// The action tag that sets `field`, and the field's current value in `state`: the schema's
  /// intent that edits the field names both.
  static func current(
    _ field: UInt32, in state: TicTacToe.State
  ) throws(HostCallError) -> (tag: ttt_action_tag, value: String) {
    guard let intent = AppSchema.intent(editing: ttt_text_field(rawValue: field)),
      let textField = intent.textField, let tag = intent.tag,
      let feature = HostFeature(rawValue: intent.feature.rawValue)
    else { throw .unknown("unknown text field \(field)") }
    guard let value = textField.value(in: try feature.state(in: state).screen) else {
      // `feature` is the intent's screen, so its state is the one the field is in.
      throw .unknown("text field \(field) is not in \(feature.displayName)")
    }
    return (tag, value)
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
