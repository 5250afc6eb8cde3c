import Foundation
import Testing

extension EndToEnd {
  /// Issue 22, P5: while the terminal is too small to show the screen, keys wait for it to
  /// grow instead of acting on a board the player cannot see.
  @Suite struct SmallTerminalTests {
    @Test func keysWaitUntilTheBoardIsVisible() async throws {
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("small-terminal-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let events = directory.appendingPathComponent("events.jsonl")
      let session = try TictactoeSession(
        arguments: "--frontend ansi --frontend jsonl:\(events.path) --auth-delay 0")
      let tmux = session.tmux
      try await session.startGame()

      // A key typed while the board is hidden acts once the board is back, not before. (Too
      // few rows, but wide enough for the shell's last line.)
      try tmux.run(["resize-window", "-x", "60", "-y", "8"])
      try await tmux.waitFor("terminal too small")
      try tmux.type("5")
      try tmux.run(["resize-window", "-x", "100", "-y", "30"])
      try await session.waitForBoard(".../.X./...")

      // A key still waiting when Ctrl-C quits never acts: the observer saw one move only.
      try tmux.run(["resize-window", "-x", "60", "-y", "8"])
      try await tmux.waitFor("terminal too small")
      try tmux.type("1")
      try tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
      let log = try String(contentsOf: events, encoding: .utf8)
      let moves = log.components(separatedBy: #""action":"newGame.game.cellTapped""#).count - 1
      #expect(moves == 1, "\(log)")
    }
  }
}
