import Testing

extension EndToEnd {
  /// The host's reason for a refused key, as the ansi status line shows it: rows and columns
  /// from 1, as the board labels them (issue 25).
  @Suite struct DisabledReasonRowsTests {
    @Test func aTakenCellIsNamedFrom1() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      try await session.startGame()
      // 6 is row 2, column 3 in reading order.
      try tmux.keys("6")
      try await session.waitForBoard(".../..X/...")
      try tmux.keys("6")
      try await tmux.waitFor("row 2, column 3 is taken")
      try tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
    }
  }
}
