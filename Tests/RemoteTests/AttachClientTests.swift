import Foundation
import TestSupport
import Testing

/// `tictactoe attach PATH`: a second process whose front ends (the same libraries) show and
/// drive the game of a `tictactoe --listen` host.
@Suite struct AttachClientTests {
  /// Starts `tictactoe attach` on `host`'s socket with the `text` front end on pipes, and waits
  /// for its first screen.
  func attachText(to host: ListeningHost) throws -> HostProcess {
    let client = try HostProcess(["attach", host.path, "--frontend", "text"])
    #expect(lines(of: client, until: { $0 == "== Login ==" }) != nil)
    return client
  }

  /// The lines `client` writes up to the first that satisfies `predicate` (included), or `nil`
  /// if its output ends first.
  func lines(of client: HostProcess, until predicate: (String) -> Bool) -> [String]? {
    var lines: [String] = []
    while let line = client.readLine() {
      lines.append(line)
      if predicate(line) { return lines }
    }
    return nil
  }

  /// Whether `line` is row `row` (from 1) of the text board, with `mark` in `column` (from 1).
  func isRow(_ row: Int, with mark: Character, in column: Int) -> (String) -> Bool {
    { line in
      guard line.hasPrefix("  \(row)   ") else { return false }
      let cells = line.dropFirst(6).split(separator: "|", omittingEmptySubsequences: false)
      return cells.count == 3 && cells[column - 1].trimmingCharacters(in: .whitespaces) == "\(mark)"
    }
  }

  @Test func aMoveMadeInTheClientOrTheHostShowsInBothInOrder() throws {
    let host = try ListeningHost()
    let client = try attachText(to: host)
    for line in Input.startGame { host.process.send(line) }
    #expect(lines(of: client, until: { $0.hasPrefix("  3   ") }) != nil, "no board in the client")

    client.send("2 2")
    let clientMove = States.newGame(
      o: "Blub", x: "Blob", game: States.game(["   ", " x ", "   "], currentPlayer: "o"))
    try host.process.readEvent(where: { $0.action == "newGame.game.cellTapped" })
    #expect(try host.process.readEvent().state == clientMove)

    for line in Input.play([(0, 0)]) { host.process.send(line) }
    let shown = try #require(lines(of: client, until: isRow(1, with: "O", in: 1)))
    let clientMoveShown = try #require(shown.firstIndex(where: isRow(2, with: "X", in: 2)))
    let hostMoveShown = try #require(shown.lastIndex(where: isRow(1, with: "O", in: 1)))
    #expect(clientMoveShown < hostMoveShown)
    // A move typed right before quitting reaches the host, and the host plays on.
    client.write(Array("3 3\nquit\n".utf8))
    #expect(client.finishWithoutChecks().status == 0)
    let lastMove = States.newGame(
      o: "Blub", x: "Blob", game: States.game(["o  ", " x ", "  x"], currentPlayer: "o"))
    try host.process.readEvent(where: { $0.state == lastMove })
  }

  @Test func thePasswordTypedInTheClientReachesTheHostAndNoOutput() throws {
    let host = try ListeningHost()
    let client = try attachText(to: host)
    // A wrong password is refused by the host's server, the right one lets the user in.
    for line in ["email blob@pointfree.co", "password s3cret-pass", "login"] { client.send(line) }
    let refused = try #require(lines(of: client, until: { $0.hasPrefix("Alert: ") }))
    #expect(refused.last == "Alert: Unknown user or invalid password. (type ok)")
    for line in ["ok", "password password", "login"] { client.send(line) }
    #expect(lines(of: client, until: { $0 == "== New game ==" }) != nil)
    try host.process.readEvent(where: { $0.state == States.newGame() })
    client.send("quit")
    let (status, standardError) = client.finishWithoutChecks()
    #expect(status == 0)
    #expect(standardError.isEmpty)
    #expect(!String(decoding: client.output, as: UTF8.self).contains("s3cret"))
    #expect(!String(decoding: host.process.output, as: UTF8.self).contains("s3cret"))
  }

  @Test func theHostGoingAwayEndsTheClientWithItsStatusAndOneLine() throws {
    let host = try ListeningHost()
    let client = try attachText(to: host)
    host.process.send(Input.command("quit"))
    #expect(host.process.finishWithoutChecks().status == 0)
    let line = client.standardErrorLine(containing: "went away")
    #expect(
      line == "tictactoe: the host at \(host.path) went away (the host closed the connection)")
    let (status, standardError) = client.finishWithoutChecks()
    #expect(status == 10)
    #expect(standardError.split(separator: "\n").count == 1)
  }

  @Test func noHostAtThePathIsStatusTen() throws {
    let directory = try ListeningHost.makeDirectory()
    let client = try HostProcess(["attach", "\(directory)/none.sock", "--frontend", "text"])
    let (status, standardError) = client.finishWithoutChecks()
    #expect(status == 10)
    #expect(
      standardError
        == "tictactoe: cannot attach to \(directory)/none.sock: No such file or directory\n")
  }

  /// Issue 22, L4: the client shows every field the host shows: the scoreboard, and the quit
  /// confirmation, which it can answer.
  @Test func theClientShowsTheScoreboardAndAnswersTheQuitConfirmation() throws {
    let host = try ListeningHost()
    let client = try attachText(to: host)
    // Blob (x) wins along the top row, then leaves the finished game.
    for line in Input.startGame + Input.play([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]) {
      host.process.send(line)
    }
    host.process.send(Input.action("newGame.game.quitButtonTapped"))
    host.process.send(Input.command("settle"))  // the game is dismissed by an effect
    let scoreboard = lines(of: client, until: { $0 == "Scoreboard: Blob 1; ties 0" })
    #expect(scoreboard != nil, "no scoreboard")
    // A game in progress asks first, in the client too.
    host.process.send(Input.action("newGame.letsPlayButtonTapped"))
    host.process.send(Input.action("newGame.game.quitButtonTapped"))
    let alert = "Alert: Quit this game? (type yes to quit the game, no to keep playing)"
    #expect(lines(of: client, until: { $0 == alert }) != nil, "no quit confirmation")
    client.send("yes")
    try host.process.readEvent(where: { $0.action == "newGame.game.alert.confirmQuitButtonTapped" })
    #expect(lines(of: client, until: { $0 == "== New game ==" }) != nil)
    client.send("quit")
    let (status, standardError) = client.finishWithoutChecks()
    #expect(status == 0)
    #expect(standardError.isEmpty, "\(standardError)")
  }

  /// Issue 22, P3: `attach` with no PATH and no socket where `--listen` puts them says where
  /// it looked.
  @Test func attachWithNoPathAndNoHostSaysWhereItLooked() throws {
    let runtime = try ListeningHost.makeDirectory()
    let client = try HostProcess(
      ["attach", "--frontend", "text"], environment: ["XDG_RUNTIME_DIR": runtime])
    let (status, standardError) = client.finishWithoutChecks()
    #expect(status == 10)
    #expect(
      standardError
        == "tictactoe: attach: no socket of a tictactoe --listen host of yours in "
        + "\(runtime)/tictactoe; start one with --listen, or give attach the PATH it printed\n")
  }

  @Test func theClientSwitchesFrontEndsAndItsSettleIsTheHosts() throws {
    let host = try ListeningHost()
    let client = try attachText(to: host)
    client.send(":frontend jsonl")
    // The login's answer comes from an effect in the host: only the forwarded settle makes
    // the snapshot after it show the new-game screen.
    for line in Input.logIn() + [Input.command("snapshot")] { client.send(line) }
    while let line = client.readLine(), !line.hasPrefix("{\"type\":\"hello\"") {}
    var events: [Event] = []
    while events.last?.state != States.newGame(), let line = client.readLine() {
      events.append(try Event(line: line))
    }
    #expect(events.allSatisfy { $0.type != "error" })
    #expect(events.contains { $0.action == "login.loginResponse.success" })
    // The snapshot, after the settle: the screen the answer led to.
    #expect(try client.readEvent().state == States.newGame())
    client.send(#"{"command":"rewind","to":2}"#)
    #expect(try client.readEvent().message?.hasSuffix("which keeps the history") == true)
  }
}
