import JSONLines
import TestSupport
import Testing

/// The rules of an input object: exactly one of `action` and `command`, a well-typed `id`, no
/// unknown fields, payload fields present and well typed.
@Suite struct InputValidationTests {
  /// The errors `lines` cause, as `"line: message"`, and the ids they echo.
  func errors(_ lines: [String]) throws -> [String] {
    let transcript = try HostProcess.run(lines: lines)
    #expect(transcript.actions.isEmpty, "no invalid line may reach the store")
    #expect(transcript.states == [States.login()])
    return transcript.errors.map { error in
      let id = error.value["id"].map { " id=\($0)" } ?? ""
      return "\(error.inputLine ?? 0): \(error.message ?? "")\(id)"
    }
  }

  @Test func aLineHasExactlyOneOfActionAndCommand() throws {
    #expect(
      try errors([
        #"{"action":"login.view.loginButtonTapped","command":"snapshot","id":1}"#,
        #"{"id":"a"}"#,
        "{}",
      ]) == [
        #"1: a line has exactly one of "action" and "command", not both id=1"#,
        #"2: expected an "action" or a "command" field id="a""#,
        #"3: expected an "action" or a "command" field"#,
      ])
  }

  @Test func idsAreEchoedExactly() throws {
    let transcript = try HostProcess.run(lines: [
      #"{"command":"nope","id":"req-1"}"#,
      #"{"command":"nope","id":7}"#,
      #"{"command":"nope","id":1.50}"#,
      #"{"command":"nope","id":-123456789012345678901234567890e-3}"#,
      #"{"id":"\u00e9\n","command":"nope"}"#,
    ])
    #expect(
      transcript.errors.map { $0.value["id"]?.description ?? "none" } == [
        #""req-1""#, "7", "1.50", "-123456789012345678901234567890e-3", #""é\n""#,
      ])
    let lines = String(decoding: transcript.output, as: UTF8.self).split(separator: "\n")
    #expect(lines.contains { $0.hasSuffix(#","id":1.50}"#) })
  }

  @Test(arguments: [
    (#"{"command":"snapshot","id":null}"#, "null"),
    (#"{"command":"snapshot","id":true}"#, "a boolean"),
    (#"{"command":"snapshot","id":[1]}"#, "an array"),
    (#"{"command":"snapshot","id":{"n":1}}"#, "an object"),
  ])
  func idsMustBeStringsOrNumbers(line: String, kind: String) throws {
    #expect(try errors([line]) == [#"1: "id" must be a string or a number, not \#(kind)"#])
  }

  @Test func actionsAndCommandsMustBeStrings() throws {
    #expect(
      try errors([
        #"{"action":1,"id":"a"}"#, #"{"action":null}"#, #"{"command":["quit"]}"#,
        #"{"command":{}}"#,
      ]) == [
        #"1: "action" must be a string, not a number id="a""#,
        #"2: "action" must be a string, not null"#,
        #"3: "command" must be a string, not an array"#,
        #"4: "command" must be a string, not an object"#,
      ])
  }

  @Test func unknownCommandsAndActionsAreErrors() throws {
    #expect(
      try errors([
        #"{"command":"dance","id":2}"#, #"{"command":"Snapshot"}"#,
        #"{"action":"login.view.forgotPasswordTapped"}"#,
        #"{"action":"login.twoFactor.presented.view.submitButtonTapped"}"#,
        #"{"action":""}"#,
      ]) == [
        #"1: unknown command "dance" (known: snapshot, settle, quit, frontend, attach, detach, history, rewind) id=2"#,
        #"2: unknown command "Snapshot" (known: snapshot, settle, quit, frontend, attach, detach, history, rewind)"#,
        #"3: unknown action "login.view.forgotPasswordTapped""#,
        #"4: unknown action "login.twoFactor.presented.view.submitButtonTapped""#,
        #"5: unknown action """#,
      ])
  }

  @Test func unknownFieldsAreErrors() throws {
    #expect(
      try errors([
        #"{"command":"snapshot","force":true}"#,
        #"{"action":"login.view.loginButtonTapped","value":"x","id":3}"#,
        #"{"action":"login.view.binding.email","value":"a","valeu":"b"}"#,
        #"{"action":"newGame.game.cellTapped","row":0,"column":0,"player":"x"}"#,
        #"{"action":"login.view.binding.password","value":"a","hunter2":"b"}"#,
      ]) == [
        #"1: unknown field "force" for command "snapshot""#,
        #"2: unknown field "value" for action "login.view.loginButtonTapped" (it takes no payload) id=3"#,
        #"3: unknown field "valeu" for action "login.view.binding.email" (it takes "value")"#,
        #"4: unknown field "player" for action "newGame.game.cellTapped" (it takes "row" and "column")"#,
        #"5: an unknown field for action "login.view.binding.password" (it takes "value")"#,
      ])
  }

  @Test func textPayloadsMustBeStrings() throws {
    #expect(
      try errors([
        #"{"action":"login.view.binding.email"}"#,
        #"{"action":"login.view.binding.email","value":5,"id":"x"}"#,
        #"{"action":"newGame.binding.oPlayerName","value":null}"#,
        #"{"action":"login.twoFactor.view.binding.code","value":["1234"]}"#,
        #"{"action":"login.view.binding.email","value":"a\u0000b"}"#,
      ]) == [
        #"1: action "login.view.binding.email" needs "value" (a string)"#,
        #"2: "value" of "login.view.binding.email" must be a string, not a number id="x""#,
        #"3: "value" of "newGame.binding.oPlayerName" must be a string, not null"#,
        #"4: "value" of "login.twoFactor.view.binding.code" must be a string, not an array"#,
        #"5: "value" of "login.view.binding.email" must not contain U+0000"#,
      ])
  }

  @Test func cellsAreIntegersFromZeroToTwo() throws {
    let cell = #"{"action":"newGame.game.cellTapped","#
    #expect(
      try errors([
        cell + #""column":1}"#,
        cell + #""row":1}"#,
        cell + #""row":"1","column":1}"#,
        cell + #""row":1.5,"column":1}"#,
        cell + #""row":3,"column":1}"#,
        cell + #""row":1,"column":-1}"#,
        cell + #""row":1,"column":4294967296}"#,
        cell + #""row":1e400,"column":0}"#,
        cell + #""row":1,"column":true}"#,
        cell + #""row":123456789012345678901234567890,"column":0}"#,
        cell + #""row":9223372036854775807,"column":0}"#,
        cell + #""row":1.0e-1,"column":0}"#,
      ]) == [
        #"1: action "newGame.game.cellTapped" needs "row" (an integer)"#,
        #"2: action "newGame.game.cellTapped" needs "column" (an integer)"#,
        #"3: "row" of "newGame.game.cellTapped" must be an integer, not a string"#,
        #"4: "row" of "newGame.game.cellTapped" must be an integer, not 1.5"#,
        #"5: "row" 3 is out of range 0...2 (payloads count from 0)"#,
        #"6: "column" -1 is out of range 0...2 (payloads count from 0)"#,
        #"7: "column" of "newGame.game.cellTapped" is out of range -2147483648...2147483647: 4294967296"#,
        #"8: "row" of "newGame.game.cellTapped" is out of range -2147483648...2147483647: 1e400"#,
        #"9: "column" of "newGame.game.cellTapped" must be an integer, not a boolean"#,
        #"10: "row" of "newGame.game.cellTapped" is out of range -2147483648...2147483647: 12345678901234567890… (30 characters)"#,
        #"11: "row" of "newGame.game.cellTapped" is out of range -2147483648...2147483647: 9223372036854775807"#,
        #"12: "row" of "newGame.game.cellTapped" must be an integer, not 1.0e-1"#,
      ])
  }

  @Test func serverResponsesCannotBeFaked() throws {
    let paths = [
      "login.loginResponse.success", "login.loginResponse.failure", "login.loginResponse",
      "login.twoFactor.twoFactorResponse.success", "login.twoFactor.twoFactorResponse.failure",
    ]
    let lines = paths.map { Input.action($0, ["value": "x"], id: "fake") }
    #expect(
      try errors(lines)
        == paths.enumerated().map { index, path in
          "\(index + 1): \"\(path)\" is a server response that only effects send; a client "
            + "cannot send it id=\"fake\""
        })
  }
}
