import Foundation
import TestSupport
import Testing

/// Issue 22, P7: `tictactoe replay` shows its front ends a replay mode: a banner with the
/// progress, an end marker, and one reason for every intent refused.
@Suite struct ReplayModeTests {
  /// Records a game of 9 log lines (logging in, naming, two moves) as `log` in `directory`.
  private static let record = """
    printf '%s\\n' 'email blob@pointfree.co' 'password password' login 'x Blob' 'o Blub' play \\
      '2 2' '1 1' | $T --frontend text --auth-delay 0 --record log > /dev/null
    """

  @Test func textShowsTheProgressAndTheEndAndRefusesEveryIntentWithOneReason() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      Self.record + "\nprintf '%s\\n' '2 2' '3 3' :undo help quit | $T replay log --frontend text",
      in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let output = result.standardOutput
    #expect(output.hasPrefix("-- replay · step 0 of 9 --\n"), "\(output)")
    #expect(output.contains("-- replay · step 1 of 9 --\n"), "\(output)")
    #expect(output.contains("-- replay over · 9 of 9 steps --\n== Blob, place your X =="))
    // A taken cell, a free one and :undo: one reason for each; help still helps, and quit
    // quits a game in progress at once.
    let refusal = "! this is a replay: the log drives the game\n"
    #expect(output.components(separatedBy: refusal).count == 4, "\(output)")
    #expect(!output.contains("is taken"))
    #expect(output.contains("  quit "))
  }

  @Test func stepEndsWithTheEndMarker() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Nine steps, one per line; the line after them reaches the front end.
    let result = try await Fixtures.bash(
      Self.record
        + "\nprintf '\\n\\n\\n\\n\\n\\n\\n\\n\\n%s\\n' '1 1' | $T replay log --step --frontend text",
      in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let output = result.standardOutput
    #expect(output.contains("-- replay · step 8 of 9 --\n"), "\(output)")
    #expect(output.contains("-- replay over · 9 of 9 steps --\n"), "\(output)")
    #expect(output.hasSuffix("! this is a replay: the log drives the game\n"), "\(output)")
  }

  @Test func jsonlWritesReplayEventsAndRefusesActionsAndRewinds() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      Self.record + """

        printf '%s\\n' '{"action":"newGame.game.cellTapped","row":2,"column":2}' \\
          '{"command":"rewind","to":2}' | $T replay log --frontend jsonl
        """, in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let events = result.standardOutput.split(separator: "\n").map(String.init)
    let replays = events.filter { $0.contains(#""type":"replay""#) }
    #expect(replays.count == 10, "\(result.standardOutput)")
    #expect(
      events.count > 2
        && events[2] == #"{"type":"replay","seq":3,"step":0,"length":9,"over":false}"#)
    #expect(replays.last?.hasSuffix(#""step":9,"length":9,"over":true}"#) == true)
    let errors = events.filter { $0.contains(#""type":"error""#) }
    #expect(errors.count == 2, "\(errors)")
    #expect(errors.allSatisfy { $0.contains("this is a replay: the log drives the game") })
    // Every step changed the state: one `state` event each, none for the progress alone.
    #expect(events.count { $0.contains(#""type":"state""#) } == 10)
  }
}
