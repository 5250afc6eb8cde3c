import JSONLines
import TicTacToeAppCore
import TicTacToeAppSchema

/// A user intent as the JSON-lines input line that makes a `tictactoe --listen` host send it:
/// `{"action":"login.view.binding.email","value":"blob@pointfree.co"}`, its arguments as the
/// schema names them.
///
/// This is how `tictactoe attach` forwards what its front ends send. A binding's value goes
/// as `value`, the password too: the socket is the user's own (mode 0600, peer uid checked),
/// and the host keeps the secret out of every event.
enum RemoteIntent {
  /// The input line for `action`, newline included.
  static func line(for action: TicTacToe.Action) -> [UInt8] {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("action")
    if let (intent, values) = AppSchema.intentAndValues(of: action) {
      writer.string(intent.casePath)
      for (argument, value) in zip(intent.arguments, values) {
        writer.key(argument.name)
        switch value {
        case .text(let text): writer.string(text)
        case .integer(let number): writer.number(number)
        }
      }
    } else {
      writer.string(ActionDescription.describe(action).casePath)
    }
    writer.endObject()
    writer.appendRaw(UInt8(ascii: "\n"))
    return writer.bytes
  }

  /// The text a binding sets (an intent whose one argument is text), if `action` is one.
  static func bindingValue(of action: TicTacToe.Action) -> String? {
    guard let values = AppSchema.intentAndValues(of: action)?.values, values.count == 1,
      case .text(let text) = values[0]
    else { return nil }
    return text
  }
}
