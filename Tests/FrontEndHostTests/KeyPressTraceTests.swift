import Foundation
import TestSupport
import Testing

/// A move flows one way (issue 25, item 3), as `TICTACTOE_TRACE=calls` counts it in a real
/// `tictactoe` process: the `text` front end reads a command against the screen of the last
/// change, sends it, and the change comes once after `consume_input` returned, read with one
/// read of each shown struct and written once.
@Suite struct KeyPressTraceTests {
  @Test func aMoveWithTextReadsTheScreenOnceAndWritesOnce() async throws {
    var environment = ProcessInfo.processInfo.environment
    environment["TICTACTOE_TRACE"] = "calls"
    let lines = [
      "email blob@pointfree.co", "password password", "login", "x Blob", "o Blub", "play", "2 2",
      "quit!",
    ]
    let result = try await Fixtures.run(
      Fixtures.hostExecutable, ["--frontend", "text", "--auth-delay", "0"],
      input: Data((lines.joined(separator: "\n") + "\n").utf8), environment: environment)
    #expect(result.status == 0)
    let trace = result.standardError.split(separator: "\n").map(String.init)
    #expect(
      trace.contains(
        "tictactoe: trace: calls: 2 into front ends (consume_input 1, change 1), 6 into the "
          + "host (send 1, request 1, read_root 1, read_new_game 1, read_game 1, write 1), "
          + "3 state reads"), "\(result.standardError)")
    // Every command that changed the state made one change call, after its input call.
    #expect(!trace.contains { $0.contains("change 2") }, "\(result.standardError)")
  }
}
