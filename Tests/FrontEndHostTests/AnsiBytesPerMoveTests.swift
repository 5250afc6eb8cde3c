import Foundation
import TestSupport
import Testing

/// What `ansi` writes for a whole game (issue 24, item 5): the real `tictactoe`, driven through
/// `jsonl`, with an `ansi` observer drawing into a file, in colour (`NO_COLOR` empty). A byte
/// count, not a timing: the same game writes the same bytes on any machine.
@Suite struct AnsiBytesPerMoveTests {
  /// The most bytes a move may write on average after the game's first screen.
  static let target = 40.0

  /// The tied game `benchmarks host` measures: nine moves, the last of which ends the game.
  static let moves = [(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1), (2, 0), (2, 2)]

  /// Logs in, names the players and starts the game.
  static let start = [
    #"{"action":"login.view.binding.email","value":"blob@pointfree.co"}"#,
    #"{"action":"login.view.binding.password","value":"password"}"#,
    #"{"action":"login.view.loginButtonTapped"}"#, #"{"command":"settle"}"#,
    #"{"action":"newGame.binding.xPlayerName","value":"Blob"}"#,
    #"{"action":"newGame.binding.oPlayerName","value":"Blub"}"#,
    #"{"action":"newGame.letsPlayButtonTapped"}"#,
  ]

  /// What the `ansi` observer wrote for `lines`, from its attach to its detach.
  private func drawn(_ lines: [String], into directory: URL, name: String) throws -> String {
    let path = directory.appendingPathComponent(name).path
    let host = try HostProcess(
      HostProcess.defaultArguments + ["--frontend", "ansi:\(path)"], environment: ["NO_COLOR": ""])
    for line in lines { host.send(line) }
    let result = host.finishWithoutChecks()
    #expect(result.status == 0, "\(result.standardError)")
    return contents(of: path)
  }

  @Test func aWholeGameWritesAtMostFortyBytesAMove() throws {
    let directory = try Fixtures.temporaryDirectory()
    let started = try drawn(Self.start, into: directory, name: "start.out")
    let moves = Self.moves.map {
      #"{"action":"newGame.game.cellTapped","row":\#($0),"column":\#($1)}"#
    }
    let played = try drawn(Self.start + moves, into: directory, name: "game.out")
    #expect(started.contains("Blob, place your X"))
    // The game ended, in colour: no move was refused on the way.
    #expect(played.contains("Tied game!"))
    #expect(played.contains("\u{1B}[31m"))
    // Both runs end the same way (the terminal given back), so the difference is the moves.
    let mean = Double(played.utf8.count - started.utf8.count) / Double(Self.moves.count)
    #expect(mean <= Self.target, "ansi wrote \(mean) bytes per move")
  }
}
