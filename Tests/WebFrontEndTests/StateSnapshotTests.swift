import JSONLines
import Testing

/// The state the page draws, read off `/events` with a raw client: the host's reflection
/// walked, every field under its C name (the derived view values too), the screen on top, and
/// never a secret.
@Suite(
  .enabled(
    if: WebHost.isBuilt,
    "the web front end was not built (libmicrohttpd-dev is missing): nothing to test"))
struct StateSnapshotTests {
  /// The first snapshot a new stream sends that `isWanted` accepts (the web front end may
  /// publish a change just after `jsonl` wrote it).
  func snapshot(_ host: WebHost, where isWanted: (JSONValue) -> Bool) throws -> JSONValue {
    let stream = try HTTPConnection(port: host.port)
    stream.send(host.request("GET", "/events").text)
    #expect(try stream.readResponse().status == 200)
    while true {
      try #require(stream.read(until: "data: "), "the stream ended")
      let data = try #require(stream.text(upTo: "\n\n"), "the stream ended")
      let snapshot = try JSONParser().parse(Array(data.utf8))
      if isWanted(snapshot) { return snapshot }
    }
  }

  @Test func everyFieldIsThereUnderItsCNameAndThePasswordIsNot() throws {
    let host = try WebHost()
    host.send("login.view.binding.email", ["value": "blob@pointfree.co"])
    host.send("login.view.binding.password", ["value": "s3cret-pass"])
    _ = try host.nextState()
    _ = try host.nextState()
    let login = try snapshot(host) { $0["state"]?["login"]?["password_length"] == 11 }
    #expect(login["screen"] == "login")
    #expect(login["replay"] == nil)
    let fields = try #require(login["state"]?["login"]?.object)
    #expect(fields["email"] == "blob@pointfree.co")
    #expect(fields["is_form_valid"] == true)
    #expect(fields["is_login_button_enabled"] == true, "a derived view value is sent")
    #expect(fields["alert_title"] == .null)
    #expect(fields["twoFactor"] == .null, "a presented screen is named for the screen")
    #expect(fields["password"] == nil)
    #expect(!String(describing: login).contains("s3cret"))

    try host.logIn()
    host.send("newGame.binding.xPlayerName", ["value": "Blob"])
    host.send("newGame.binding.oPlayerName", ["value": "Blub"])
    host.send("newGame.letsPlayButtonTapped")
    host.send("newGame.game.cellTapped", ["row": 1, "column": 2])
    let game = try snapshot(host) { $0["state"]?["newGame"]?["game"]?["move_count"] == 1 }
    #expect(game["screen"] == "game")
    let board = try #require(game["state"]?["newGame"]?["game"]?["board"]?.array)
    #expect(board[1].array?[2] == "x")
    #expect(board[0].array?[0] == .null)
    #expect(game["state"]?["newGame"]?["game"]?["title"] == "Blub, place your O")
    #expect(game["state"]?["newGame"]?["game"]?["is_board_disabled"] == false)
    #expect(host.finish().status == 0)
  }
}
