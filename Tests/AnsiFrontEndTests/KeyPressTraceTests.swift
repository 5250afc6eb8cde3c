import Foundation
import Testing

extension EndToEnd {
  /// A key press flows one way (issue 25, item 3), as `TICTACTOE_TRACE=calls` counts it:
  /// pressing 5 on the game is one `consume_input` that sends the tap, and one change call,
  /// after it returned, that reads the screen once and draws it once.
  @Suite struct KeyPressTraceTests {
    @Test func pressingFiveOnTheGameReadsTheScreenOnceAndDrawsOnce() async throws {
      let trace = FileManager.default.temporaryDirectory
        .appendingPathComponent("keypress-\(UUID().uuidString).trace")
      defer { try? FileManager.default.removeItem(at: trace) }
      let session = try TictactoeSession(
        arguments: "--frontend ansi --auth-delay 0 2>\(trace.path)",
        environment: "TICTACTOE_TRACE=calls")
      try await session.startGame()
      let before = try lines(of: trace).count
      try session.tmux.keys("5")
      try await session.tmux.waitForScreen("X placed") {
        Board.ansi($0) == Board(".../.X./...") && $0.contains("Blob Jr., place your O")
      }
      var added: [String] = []
      for _ in 0..<200 where added.isEmpty {
        added = Array(try lines(of: trace).dropFirst(before))
        if added.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
      }
      #expect(
        added.first
          == "tictactoe: trace: calls: 2 into front ends (consume_input 1, change 1), 6 into "
          + "the host (send 1, read_root 2, read_new_game 1, read_game 1, write 1), 4 state reads")
      try session.tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
    }

    /// The whole lines of the trace so far.
    private func lines(of trace: URL) throws -> [String] {
      let text = (try? String(contentsOf: trace, encoding: .utf8)) ?? ""
      return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }
  }
}
