import Foundation
import Persistence
import Synchronization
import TestSupport
import Testing
import TicTacToeAppCore

/// `--session FILE` through the real executable: restoring, crash safety under `kill -9`, bad
/// files, two hosts on one file, and no secret on disk.
@Suite struct SessionTests {
  /// A random scripted game in JSON-lines: log in (maybe with a second factor, maybe failing
  /// first), name the players, play random cells, maybe again, maybe quit and log out.
  private func script(_ random: inout SeededGenerator) -> [String] {
    func action(_ path: String, _ value: String? = nil) -> String {
      let value = value.map { #","value":"\#($0)""# } ?? ""
      return #"{"action":"\#(path)"\#(value)}"#
    }
    let settle = #"{"command":"settle"}"#
    var lines: [String] = []
    if Bool.random(using: &random) {
      lines += [
        action("login.view.binding.email", "blob@pointfree.co"),
        action("login.view.binding.password", "hunter2-wrong"),
        action("login.view.loginButtonTapped"),
        settle, action("login.alert.dismiss"),
      ]
    }
    let twoFactor = Bool.random(using: &random)
    lines += [
      action("login.view.binding.email", twoFactor ? "blob2fa@pointfree.co" : "blob@pointfree.co"),
      action("login.view.binding.password", "password"), action("login.view.loginButtonTapped"),
      settle,
    ]
    if twoFactor {
      lines += [
        action("login.twoFactor.view.binding.code", "1234"),
        action("login.twoFactor.view.submitButtonTapped"), settle,
      ]
    }
    lines += [
      action("newGame.binding.xPlayerName", "Blob"), action("newGame.binding.oPlayerName", "Blub"),
      action("newGame.letsPlayButtonTapped"),
    ]
    for _ in 0..<Int.random(in: 3...12, using: &random) {
      let row = Int.random(in: 0...2, using: &random)
      let column = Int.random(in: 0...2, using: &random)
      lines.append(#"{"action":"newGame.game.cellTapped","row":\#(row),"column":\#(column)}"#)
    }
    if Bool.random(using: &random) { lines.append(action("newGame.game.playAgainButtonTapped")) }
    if Bool.random(using: &random) {
      lines += [action("newGame.game.quitButtonTapped"), settle]
      if Bool.random(using: &random) { lines.append(action("newGame.logoutButtonTapped")) }
    }
    return lines
  }

  /// The `state` members of the `state` events in `output`, as JSON objects.
  private func states(_ output: Data) -> [NSDictionary] {
    output.split(separator: UInt8(ascii: "\n")).compactMap { line in
      guard
        let event = try? JSONSerialization.jsonObject(with: Data(line)) as? NSDictionary,
        event["type"] as? String == "state"
      else { return nil }
      return event["state"] as? NSDictionary
    }
  }

  /// What a state shown by `jsonl` becomes through a save and a restore: no secret, nothing in
  /// flight, two-factor back to the login screen with the email kept.
  private func restored(_ state: NSDictionary) -> NSDictionary {
    guard let login = state["login"] as? NSDictionary else { return state }
    let kept = login.mutableCopy() as! NSMutableDictionary
    kept["password"] = ""
    kept["isFormValid"] = false
    kept["isLoginRequestInFlight"] = false
    kept["twoFactor"] = NSNull()
    return ["login": kept]
  }

  private func host(_ session: URL, _ extra: [String] = []) -> [String] {
    ["--frontend", "jsonl", "--auth-delay", "0", "--session", session.path] + extra
  }

  /// Runs the host on `lines` (standard input left open), kills it with SIGKILL once it has
  /// written `killAfter` state events, and returns every state it wrote.
  private func killed(
    _ lines: [String], session: URL, log: URL, killAfter: Int
  ) async throws -> [NSDictionary] {
    let arguments = host(session, ["--record", log.path])
    let output = try await onOwnThread {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Fixtures.hostExecutable)
      process.arguments = arguments
      let stdin = Pipe()
      let stdout = Pipe()
      process.standardInput = stdin
      process.standardOutput = stdout
      process.standardError = FileHandle.nullDevice
      try process.run()
      try stdin.fileHandleForWriting.write(
        contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
      var output = Data()
      var seen = 0
      let reader = stdout.fileHandleForReading
      while seen < killAfter {
        let chunk = reader.availableData
        if chunk.isEmpty { break }
        output += chunk
        seen = output.split(separator: UInt8(ascii: "\n")).count {
          $0.contains(#""type":"state""#.utf8)
        }
      }
      kill(process.processIdentifier, SIGKILL)
      output += reader.readDataToEndOfFile()
      process.waitUntilExit()
      try? stdin.fileHandleForWriting.close()
      return output
    }
    return states(output)
  }

  /// The state a host restores from `session`, as its first `state` event.
  private func restart(_ session: URL) async throws -> (NSDictionary?, String) {
    let result = try await Fixtures.runReturningData(Fixtures.hostExecutable, host(session))
    return (
      states(result.standardOutput).first, String(decoding: result.standardError, as: UTF8.self)
    )
  }

  /// How many times the kill test kills a host: 100 (10 games, 10 points each), or
  /// `SESSION_KILL_POINTS` (CI's ThreadSanitizer step, where each host is 5 times slower, sets
  /// 20).
  private static let killPoints =
    Int(ProcessInfo.processInfo.environment["SESSION_KILL_POINTS"] ?? "") ?? 100

  @Test func afterKillNineTheGameRestartsFromTheLastStateShownOrALaterOne() async throws {
    var random = SeededGenerator(seed: 0x5E55_1011)
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var kills = 0
    for game in 0..<max(1, Self.killPoints / 10) {
      let lines = script(&random)
      let reference = try await Fixtures.runReturningData(
        Fixtures.hostExecutable, host(directory.appendingPathComponent("reference-\(game)")),
        input: Data((lines.joined(separator: "\n") + "\n").utf8))
      let all = states(reference.standardOutput)
      try #require(
        all.count > 5, "game \(game): \(String(decoding: reference.standardError, as: UTF8.self))")
      for _ in 0..<10 {
        kills += 1
        let session = directory.appendingPathComponent("session-\(kills)")
        let killAfter = Int.random(in: 1...all.count, using: &random)
        let log = directory.appendingPathComponent("log-\(kills)")
        let shown = try await killed(lines, session: session, log: log, killAfter: killAfter)
        let (first, errors) = try await restart(session)
        let state = try #require(first, "kill \(kills): nothing restored; \(errors)")
        let lastShown = max(shown.count - 1, 0)
        let candidates = all[lastShown...].map(restored)
        #expect(
          candidates.contains(state),
          "kill \(kills) after \(shown.count) states: restored \(state), last shown \(shown.last ?? [:])"
        )
        let bytes = try Data(contentsOf: session)
        let saved = String(decoding: bytes, as: UTF8.self)
        #expect(!saved.contains(#""password""#) && !saved.contains("hunter2"), "a secret on disk")
        // The log, written before the session, reaches the restored state, and replays.
        let logged = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        #expect(!logged.contains { $0.contains(#""value":"password""#) || $0.contains("hunter2") })
        let logStates =
          [try ActionLog.decodeHeader(Array(logged[0].utf8))]
          + (try logged.dropFirst().map { try ActionLog.decode(Array($0.utf8)).state })
        let restoredState = try SessionSnapshot.decode(
          SessionLog.contents(of: Array(bytes)).snapshot)
        #expect(
          logStates.contains(restoredState), "kill \(kills): the log does not reach the session")
        let replay = try await Fixtures.runReturningData(
          Fixtures.hostExecutable, ["replay", log.path, "--frontend", "jsonl"])
        #expect(
          replay.status == 0,
          "kill \(kills): \(String(decoding: replay.standardError, as: UTF8.self))")
      }
    }
    #expect(kills == max(1, Self.killPoints / 10) * 10)
  }

  @Test func aSecondHostOnTheSameFileIsRefusedNamingTheFirst() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      """
      mkfifo hold
      $T --frontend jsonl --session game < hold > /dev/null 2>&1 & first=$!
      exec 3> hold
      while [ ! -s game.lock ]; do :; done
      $T --frontend jsonl --session game < /dev/null; status=$?
      echo "first=$first second=$status"
      exec 3>&-; wait $first
      """, in: directory)
    let pid = result.standardOutput.split(separator: " ").first?.dropFirst("first=".count) ?? ""
    #expect(result.standardOutput.contains("second=7"), "\(result)")
    #expect(result.standardError.contains("another tictactoe (pid \(pid)) is using it"))
  }

  @Test(arguments: [
    ("{\"format\":\"tictactoe-session\",\"vers", "it is not JSON"),
    (
      "{\"format\":\"tictactoe-session\",\"version\":9,\"state\":{}}",
      "written by a newer tictactoe"
    ),
    ("{\"name\":\"something else\"}", "it is not a tictactoe session"),
    ("\u{0}\u{1}binary", "it is not JSON"),
  ])
  func aBadFileIsKeptAsideAndTheGameStartsFresh(content: String, problem: String) async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let session = directory.appendingPathComponent("game")
    try Data(content.utf8).write(to: session)
    try Data("an older bad file".utf8).write(to: directory.appendingPathComponent("game.bad-1"))
    let (state, errors) = try await restart(session)
    #expect(errors.contains("\(session.path) is not a session this tictactoe can restore"))
    #expect(errors.contains(problem))
    #expect(errors.contains("kept as \(session.path).bad-2"))
    #expect(state?["login"] != nil)
    #expect(
      try String(contentsOf: directory.appendingPathComponent("game.bad-2"), encoding: .utf8)
        == content)
    #expect(
      try String(contentsOf: directory.appendingPathComponent("game.bad-1"), encoding: .utf8)
        == "an older bad file")
    // The fresh game is saved in its place.
    #expect(try String(contentsOf: session, encoding: .utf8).contains(#""screen":"login""#))
  }

  @Test func aLinkOrADirectoryIsRefusedAndLeftAlone() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      """
      echo secret > target; ln -s target link; mkdir dir
      $T --frontend jsonl --session link < /dev/null; echo "link=$?"
      $T --frontend jsonl --session dir < /dev/null; echo "dir=$?"
      cat target
      """, in: directory)
    #expect(result.standardOutput.contains("link=7"))
    #expect(result.standardOutput.contains("dir=7"))
    #expect(result.standardOutput.contains("secret"))
    #expect(result.standardError.contains("link: it is a symbolic link"))
    #expect(result.standardError.contains("dir: it is not a regular file"))
  }

  @Test func aRestartedHostShowsTheGameWhereItWas() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      """
      printf '%s\\n' 'email blob@pointfree.co' 'password password' login 'x Blob' 'o Blub' play '2 2' \
        | $T --frontend text --auth-delay 0 --session game > /dev/null
      printf '%s\\n' '1 3' | $T --frontend text --session game
      """, in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("== Blob, place your X =="))
    #expect(result.standardOutput.contains("O"))
  }

  @Test func theScoreboardAndAQuitConfirmationSurviveARestart() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Blob wins one game, plays again and asks to leave the next; the host then ends.
    let result = try await Fixtures.bash(
      """
      printf '%s\\n' 'email blob@pointfree.co' 'password password' login 'x Blob' 'o Blub' play \
        '1 1' '2 1' '1 2' '2 2' '1 3' again '3 3' leave \
        | $T --frontend text --auth-delay 0 --session game > /dev/null
      printf '%s\\n' yes | $T --frontend text --session game
      """, in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    // The restarted host shows the question where it was, and the answer goes back to the
    // new-game screen with the saved scoreboard.
    #expect(result.standardOutput.contains("Alert: Quit this game?"), "\(result.standardOutput)")
    #expect(
      result.standardOutput.hasSuffix(
        "Scoreboard: Blob 1; ties 0\nCommands: x NAME, o NAME, play, logout, help, quit\n"),
      "\(result.standardOutput)")
    #expect(contents(of: directory.appendingPathComponent("game").path).contains(#""Blob":1"#))
  }

  /// Issue 22, P6: the undo history of the game is saved with it, so `:undo` after a restart
  /// takes back the moves made before it, one at a time, and then says none is left.
  @Test func undoAfterARestartTakesBackTheMovesMadeBeforeIt() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      """
      printf '%s\\n' 'email blob@pointfree.co' 'password password' login 'x Blob' 'o Blub' play \\
        '2 2' '1 3' | $T --frontend text --auth-delay 0 --session game > /dev/null
      printf '%s\\n' :undo | $T --frontend text --session game > /dev/null
      printf '%s\\n' :undo :undo | $T --frontend text --session game
      """, in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let output = result.standardOutput
    // The second restart starts with X in the centre (O's move was undone before), undoes
    // that too, and has nothing left.
    #expect(output.hasPrefix("== Blub, place your O ==\n"), "\(output)")
    #expect(output.contains("== Blob, place your X =="), "\(output)")
    #expect(output.hasSuffix("! no move of this game is left to undo\n"), "\(output)")
    #expect(!output.contains("| O"), "\(output)")
  }
}
