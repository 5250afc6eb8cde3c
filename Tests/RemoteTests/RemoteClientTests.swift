import Foundation
import JSONLines
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Clients of `tictactoe --listen`: each speaks the JSON-lines protocol of standard input, many
/// at once, and none of them, slow, silent, dead or hostile, costs the others or the host.
@Suite struct RemoteClientTests {
  /// The state after the game started and the moves of `board` (rows such as `"x  "`).
  func isGame(_ board: [String], currentPlayer: String) -> (Event) -> Bool {
    let state = States.newGame(
      o: "Blub", x: "Blob", game: States.game(board, currentPlayer: currentPlayer))
    return { $0.type == "state" && $0.state == state }
  }

  /// Sends `rounds` email edits (`"<round><email>"`) and a snapshot on `client`, from another
  /// thread, so that the test reads while the host answers.
  func typeEmails(on client: SocketClient, rounds: Int, email: String) {
    Thread.detachNewThread {
      for round in 0..<rounds {
        client.send(
          Input.action("login.view.binding.email", ["value": .string("\(round)\(email)")]))
      }
      client.send(Input.command("snapshot"))
    }
  }

  /// Whether `events` are numbered one after another from `first`.
  func areInOrder(_ events: [Event], from first: Int) -> Bool {
    events.map(\.seq) == Array(first..<(first + events.count))
  }

  @Test func aMoveFromOneClientIsSeenByBothInOrder() throws {
    let host = try ListeningHost()
    let playing = try host.attach()
    let watching = try host.attach()
    for line in Input.startGame { playing.send(line) }
    let started = isGame(["   ", "   ", "   "], currentPlayer: "x")
    let beforeMove = try playing.readEvents(until: started)
    #expect(areInOrder(beforeMove, from: 3))
    #expect(beforeMove.allSatisfy { $0.type != "error" })
    #expect(try watching.readEvents(until: started).allSatisfy { $0.type != "error" })

    for line in Input.play([(1, 1)]) { playing.send(line) }
    let moved = isGame(["   ", " x ", "   "], currentPlayer: "o")
    for client in [playing, watching] {
      let events = try client.readEvents(until: moved)
      #expect(events.map(\.type) == ["action", "state"])
      #expect(events.first?.action == "newGame.game.cellTapped")
    }
    // The terminal owner saw it too.
    try host.process.readEvent(where: moved)
  }

  @Test func quitClosesThatConnectionOnlyAndTheEndOfInputSettlesFirst() throws {
    let host = try ListeningHost()
    let leaving = try host.attach()
    let staying = try host.attach()
    leaving.send(#"{"command":"frontend","name":"text"}"#)
    leaving.send(Input.command("quit"))
    leaving.send(Input.command("snapshot"))
    let refusal = try leaving.readEvent()
    #expect(
      refusal.message
        == "cannot switch front end: a client of the host's socket cannot switch front ends; close the "
        + "connection and attach again")
    #expect(leaving.readToEnd().isEmpty, "a client got events after its quit")
    // A login whose answer comes from an effect, then the end of input: the answer arrives
    // before the connection closes.
    for line in Input.logIn().dropLast() { staying.send(line) }
    staying.closeWriting()
    let lines = staying.readToEnd()
    #expect(lines.contains { $0.contains("login.loginResponse.success") })
    // The host goes on, and still serves new clients.
    let another = try host.attach()
    another.send(Input.command("snapshot"))
    #expect(try another.readEvent().state == States.newGame())
    #expect(host.process.finishWithoutChecks().status == 0)
  }

  @Test func settleOnAConnectionWaitsForEffects() throws {
    let host = try ListeningHost()
    let client = try host.attach()
    for line in Input.logIn() + [Input.command("snapshot")] { client.send(line) }
    let events = try client.readEvents(until: { $0.type == "state" && $0.seq == 11 })
    // Without the settle, the snapshot would be event 9, before the server's answer.
    #expect(events.first { $0.seq == 9 }?.action == "login.loginResponse.success")
    #expect(events.last?.state == States.newGame())
  }

  @Test func theTerminalOwnerQuittingEndsEveryConnectionAndRemovesTheSocket() throws {
    let host = try ListeningHost()
    let clients = try (0..<2).map { _ in try host.attach() }
    host.process.send(Input.command("quit"))
    for client in clients { #expect(client.readToEnd().isEmpty) }
    #expect(host.process.finishWithoutChecks().status == 0)
    #expect(access(host.path, F_OK) != 0, "the socket outlived the host")
  }

  @Test func sixtyFourClientsAttachAtOnceAndAllSeeAnAction() throws {
    let host = try ListeningHost()
    let clients = try (0..<64).map { _ in try host.attach() }
    clients[17].send(Input.action("login.view.binding.email", ["value": "blob@pointfree.co"]))
    let typed = States.login(email: "blob@pointfree.co")
    for client in clients {
      let events = try client.readEvents(until: { $0.state == typed })
      #expect(events.map(\.type) == ["action", "state"])
      #expect(events.map(\.seq) == [3, 4])
    }
  }

  @Test func aClientThatNeverReadsIsDisconnectedAndStallsNobody() throws {
    let host = try ListeningHost()
    // The terminal's output is read too: while it is backed up, clients' input waits.
    Thread.detachNewThread { while host.process.readLine() != nil {} }
    let silent = try host.connect()
    let typing = try host.attach()
    // Each email edit makes an action and a state event for every client: far more than the
    // socket and the bounded queue hold for the client that reads nothing.
    let rounds = 8000
    let email = String(repeating: "e", count: 200)
    typeEmails(on: typing, rounds: rounds, email: email)
    let last = States.login(email: "\(rounds - 1)\(email)")
    var seen = 2
    var sawLast = false
    while let line = typing.readLine() {
      let event = try Event(line: line)
      #expect(event.seq > seen, "events came out of order")
      seen = event.seq
      if event.state == last, event.seq == 2 + 2 * rounds + 1 {
        sawLast = true
        break
      }
    }
    #expect(sawLast)
    let line = host.process.standardErrorLine(containing: "stopped reading")
    #expect(line?.contains("connection 1") == true)
    // The silent client gets what its socket held, then the end: its connection is closed.
    let lines = silent.readToEnd()
    #expect(!lines.isEmpty && lines.count < 2 * rounds)
  }

  @Test func aLaggingClientSkipsIntermediateStatesButGetsTheLatest() throws {
    let host = try ListeningHost()
    let lagging = try host.attach()
    let typing = try host.attach()
    // Enough to fill the lagging client's socket, not enough to disconnect it: the action
    // events, which are never skipped, carry the email too (in their payload), so they stay
    // well under the 256 KiB a client may have queued.
    let rounds = 800
    let email = String(repeating: "e", count: 150)
    typeEmails(on: typing, rounds: rounds, email: email)
    try typing.readEvents(until: { $0.seq == 2 + 2 * rounds + 1 })
    let last = States.login(email: "\(rounds - 1)\(email)")
    let events = try lagging.readEvents(until: { $0.state == last })
    #expect(events.count < 2 * rounds, "nothing was skipped; the test did not lag")
    #expect(events.filter { $0.type == "action" }.count == rounds, "an action event was lost")
    #expect(zip(events, events.dropFirst()).allSatisfy { $0.seq < $1.seq })
  }

  @Test func oversizedAndMalformedLinesGetTheErrorsOfStandardInput() throws {
    let host = try ListeningHost()
    let client = try host.attach()
    var bytes = [UInt8](repeating: UInt8(ascii: " "), count: 2 << 20)
    bytes.append(UInt8(ascii: "\n"))
    client.write(bytes)
    client.send("nonsense")
    client.send(Input.command("snapshot"))
    let events = try client.readEvents(until: { $0.type == "state" })
    #expect(
      events.map(\.message) == [
        "line is longer than 1 MiB (1048576 bytes); ignored",
        "invalid JSON at byte 0: expected a value", nil,
      ])
    #expect(events.map(\.inputLine) == [1, 2, nil])
    #expect(events.last?.state == States.login())
  }

  @Test func aClientKilledMidLineCostsNothing() throws {
    let host = try ListeningHost()
    let socat = try #require(
      ["/usr/bin/socat", "/usr/local/bin/socat"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      }, "socat is needed (apt-get install socat)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: socat)
    process.arguments = ["-", "UNIX-CONNECT:\(host.path)"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    // Its hello proves it is connected; then half a line, and SIGKILL.
    let hello = output.fileHandleForReading.availableData
    #expect(String(decoding: hello, as: UTF8.self).contains("\"hello\""))
    input.fileHandleForWriting.write(Data(#"{"action":"login.view.binding.email","val"#.utf8))
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let client = try host.attach()
    client.send(Input.command("snapshot"))
    #expect(try client.readEvent().state == States.login())
    #expect(host.process.finishWithoutChecks().status == 0)
  }

  @Test func noSecretAppearsOnAnyConnection() throws {
    let host = try ListeningHost()
    let typing = try host.attach()
    let watching = try host.attach()
    var generator = SystemRandomNumberGenerator()
    let password = SecretInput.randomPassword(using: &generator)
    for line in SecretInput.lines(for: password) + [Input.command("quit")] { typing.send(line) }
    let typed = typing.readToEnd().joined(separator: "\n")
    #expect(typed.contains("Unknown user or invalid password."), "the login was not tried")
    watching.send(Input.command("quit"))
    let watched = watching.readToEnd().joined(separator: "\n")
    #expect(watched.contains("login.loginResponse.failure"))
    let (_, standardError) = host.process.finishWithoutChecks()
    let terminal = String(decoding: host.process.output, as: UTF8.self)
    for text in [typed, watched, standardError, terminal] {
      for secret in [
        password, String(JSONValue.string(password).description.dropFirst().dropLast()),
      ] {
        #expect(!text.contains(secret))
      }
    }
  }
}

/// The README's ways to attach, run as written.
@Suite struct RemoteReadmeTests {
  /// The README's Python client, from the section "Watching and driving a running game".
  static func pythonClient() throws -> String {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    let section = try #require(text.range(of: "### Watching and driving a running game"))
    let start = try #require(
      text.range(of: "```python\n", range: section.upperBound..<text.endIndex))
    let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
    return String(text[start.upperBound..<end.lowerBound])
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
      "the README's Python client needs /usr/bin/python3"))
  func thePythonClientDrivesTheGame() throws {
    let host = try ListeningHost()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      "-c", try Self.pythonClient(), host.path,
      Input.action("login.view.binding.email", ["value": "blob@pointfree.co"]),
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    #expect(process.terminationStatus == 0)
    #expect(lines.first == "1 hello ")
    #expect(lines.contains("3 action login.view.binding.email"))
    #expect(lines.last?.hasPrefix("4 state {'login': {'email': 'blob@pointfree.co'") == true)
  }
}
