import Foundation
import Testing

extension EndToEnd {
  /// Issue 22, P7: `tictactoe replay` in `ansi`: a banner, the progress and the end in the
  /// footer, and every key of the screen refused with the replay's one reason.
  @Suite struct ReplayTests {
    @Test func aReplayShowsItsBannerAndEndAndRefusesKeys() async throws {
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("ansi-replay-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let log = directory.appendingPathComponent("log").path
      let recorded = try ChildProcess.run(
        "/bin/sh",
        [
          "-c",
          "printf '%s\\n' 'email blob@pointfree.co' 'password password' login 'x Blob' "
            + "'o Blub' play '2 2' | \"$0\" --frontend text --auth-delay 0 --record \"$1\" "
            + ">/dev/null",
          BuildProducts.tictactoe, log,
        ])
      #expect(recorded.status == 0, "\(recorded.output)")

      let session = try TictactoeSession(arguments: "replay \(log) --frontend ansi")
      let tmux = session.tmux
      let end = try await tmux.waitFor("replay over · 8 of 8 steps")
      #expect(end.contains("▶ REPLAY"), "\(end)")
      try await session.waitForBoard(".../.X./...")
      // The centre is taken, yet the reason is the replay's.
      try tmux.type("5")
      try await tmux.waitFor("this is a replay: the log drives the game")
      try await session.waitForBoard(".../.X./...")
      // The game is in progress, but a replay loses nothing: :q quits at once.
      try tmux.type(":q")
      try tmux.keys("Enter")
      #expect(try await session.waitForExit() == 0)
    }
  }
}
