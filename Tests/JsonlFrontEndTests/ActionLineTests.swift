import TestSupport
import Testing

/// The front end sends an action line whose payload is plain strings and integers without
/// building a JSON value; a line with an escape anywhere takes the general path. Both must
/// write the same bytes, refusals and echoed ids included.
@Suite struct ActionLineTests {
  @Test func anActionWritesTheSameEventsWithOrWithoutAnEscape() throws {
    let lines = [
      #"{"action":"login.view.binding.email","value":"blob@pointfree.co","id":"e-1"}"#,
      #"{"id":12,"action":"login.view.binding.password","value":"hunter2"}"#,
      // Refused by the host (the game is not shown): the error echoes the id, the password
      // it holds redacted.
      #"{"action":"newGame.game.cellTapped","row":1,"column":-0,"id":"hunter2"}"#,
      #"{"action":"newGame.game.cellTapped","row":2147483647,"column":1,"id":1.5}"#,
      // Refused by the front end: out of range, of the wrong type, missing, extra.
      #"{"action":"newGame.game.cellTapped","row":2147483648,"column":1}"#,
      #"{"action":"newGame.game.cellTapped","row":"1","column":1}"#,
      #"{"action":"newGame.game.cellTapped","row":1}"#,
      #"{"action":"login.view.binding.email","value":"a","extra":1}"#,
      #"{"action":"login.view.binding.email","value":"é\#u{1F600}","command":"quit"}"#,
      #"  {"action" : "login.view.binding.email" , "value" : "last@pointfree.co" }  "#,
    ]
    // `\u002e` is a `.`: the same action, through the general path.
    let escaped = lines.map { $0.replacing(".", with: #"\u002e"#, maxReplacements: 1) }
    #expect(escaped != lines)
    let plain = try HostProcess.run(lines: lines)
    let general = try HostProcess.run(lines: escaped)
    #expect(plain.actions.count == 3)
    #expect(plain.errors.count == 7)
    #expect(String(decoding: plain.output, as: UTF8.self).contains(#""id":"***""#))
    #expect(plain.output == general.output)
  }
}
