import TestSupport
import Testing

/// The host's reason for a refused tap, as the jsonl front end writes it: its words count rows
/// and columns from 1, while the payload and the state count from 0 (issue 25).
@Suite struct DisabledReasonRowsTests {
  @Test func aTakenCellIsNamedFrom1() throws {
    let transcript = try HostProcess.run(lines: Input.startGame + Input.play([(1, 2), (1, 2)]))
    #expect(transcript.errors.map(\.message) == ["row 2, column 3 is taken"])
  }
}
