import JSONLines
import TicTacToeAppCore
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import TicTacToeTwoFactorCore
import UnidirectionalFlow

/// A user intent as the JSON-lines input line that makes a `tictactoe --listen` host send it:
/// `{"action":"newGame.game.cellTapped","row":1,"column":2}`.
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
    writer.string(ActionDescription.describe(action).casePath)
    if let value = bindingValue(of: action) {
      writer.key("value")
      writer.string(value)
    }
    if case .newGame(.game(.presented(.cellTapped(let row, let column)))) = action {
      writer.key("row")
      writer.number(row)
      writer.key("column")
      writer.number(column)
    }
    writer.endObject()
    writer.appendRaw(UInt8(ascii: "\n"))
    return writer.bytes
  }

  /// The text a binding sets, if `action` is one.
  static func bindingValue(of action: TicTacToe.Action) -> String? {
    switch action {
    case .login(.view(.binding(let binding))): binding.value as? String
    case .login(.twoFactor(.presented(.view(.binding(let binding))))): binding.value as? String
    case .newGame(.binding(let binding)): binding.value as? String
    default: nil
    }
  }
}
