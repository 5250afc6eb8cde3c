import JSONLines
import TestSupport
import Testing

/// The `state` object: property names, presented state as `null`, alerts, the board, the
/// derived `winner` and `isTied`, and text escaped exactly.
@Suite struct StateEncodingTests {
  @Test func theInitialStateIsTheEmptyLoginForm() throws {
    let transcript = try HostProcess.run([])
    #expect(
      transcript.events[1].line
        == #"{"type":"state","seq":2,"state":{"login":{"email":"","password":"","#
        + #""isFormValid":false,"isLoginRequestInFlight":false,"alert":null,"twoFactor":null}}}"#)
  }

  @Test func aTiedGameHasNoWinner() throws {
    let moves = [(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1), (2, 0), (2, 2)]
    let transcript = try HostProcess.run(lines: Input.startGame + Input.play(moves))
    let game = try #require(transcript.states.last?["newGame"]?["game"])
    #expect(game == States.game(["xox", "xoo", "oxx"], currentPlayer: "o", isTied: true))
    #expect(
      transcript.events.last?.line.hasSuffix(
        #""game":{"board":[["x","o","x"],["x","o","o"],["o","x","x"]],"currentPlayer":"o","#
          + #""oPlayerName":"Blub","xPlayerName":"Blob","winner":null,"isTied":true,"alert":null,"#
          + #""moveCount":9},"#
          + #""scoreboard":{"standings":[],"ties":1}}}}"#) == true)
  }

  @Test func aWonGameNamesTheWinnerAndIsNotTied() throws {
    let moves = [(0, 0), (1, 0), (0, 1), (1, 1), (1, 2), (2, 2), (0, 2)]
    let transcript = try HostProcess.run(lines: Input.startGame + Input.play(moves))
    let game = try #require(transcript.states.last?["newGame"]?["game"])
    #expect(game == States.game(["xxx", "oox", "  o"], currentPlayer: "x", winner: "x"))
  }

  @Test func oCanWinToo() throws {
    let moves = [(0, 0), (1, 1), (0, 1), (0, 2), (2, 2), (2, 0)]
    let transcript = try HostProcess.run(lines: Input.startGame + Input.play(moves))
    let game = try #require(transcript.states.last?["newGame"]?["game"])
    #expect(game == States.game(["xxo", " o ", "o x"], currentPlayer: "o", winner: "o"))
  }

  @Test func textIsEscapedAndRoundTrips() throws {
    let names = ["Bl\"ob\\", "tab\there\nnewline", "\u{1}\u{1F}\u{7F}", "é😀\u{2028}", "</script>"]
    let lines = names.map { Input.action("login.view.binding.email", ["value": .string($0)]) }
    let transcript = try HostProcess.run(lines: lines)
    #expect(
      transcript.states.dropFirst().map { $0["login"]?["email"]?.string } == names.map { $0 })
    let output = String(decoding: transcript.output, as: UTF8.self)
    #expect(output.contains(#""email":"Bl\"ob\\""#))
    #expect(output.contains(#""email":"tab\there\nnewline""#))
    #expect(output.contains(#""email":"\u0001\u001f"#))
  }

  @Test func twoFactorStateSitsInsideLogin() throws {
    let transcript = try HostProcess.run(lines: Input.logIn(email: "2fa@pointfree.co"))
    let state = try #require(transcript.states.last)
    #expect(state.object?.keys == ["login"])
    #expect(
      state["login"]?.object?.keys == [
        "email", "password", "isFormValid", "isLoginRequestInFlight", "alert", "twoFactor",
      ])
    #expect(
      state["login"]?["twoFactor"]?.object?.keys == [
        "token", "code", "isFormValid", "isTwoFactorRequestInFlight", "alert",
      ])
    #expect(state["login"]?["twoFactor"]?["token"] == "<redacted>")
  }

  @Test func newGameStateHasOneKey() throws {
    let transcript = try HostProcess.run(lines: Input.startGame)
    let state = try #require(transcript.states.last)
    #expect(state.object?.keys == ["newGame"])
    #expect(
      state["newGame"]?.object?.keys == ["oPlayerName", "xPlayerName", "game", "scoreboard"])
    #expect(
      state["newGame"]?["game"]?.object?.keys == [
        "board", "currentPlayer", "oPlayerName", "xPlayerName", "winner", "isTied", "alert",
        "moveCount",
      ])
    #expect(state["newGame"]?["scoreboard"] == States.scoreboard())
  }
}
