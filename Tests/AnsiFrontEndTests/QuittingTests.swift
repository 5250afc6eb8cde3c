import Foundation
import Testing

extension EndToEnd {
  /// Issue 22, P2: quitting the app with a game in progress asks first, as leaving the game
  /// does; `q` leaves what is shown (the game, else the app), as in `text`.
  @Suite struct QuittingTests {
    @Test func ctrlDAndColonQAskFirstWithAGameInProgress() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      try await session.startGame()
      try tmux.type("5")
      try await session.waitForBoard(".../.X./...")

      try tmux.keys("C-d")
      try await tmux.waitFor("a game is in progress: ctrl-d again quits anyway")
      try tmux.type("1")  // any other key forgets the first Ctrl-D
      try await session.waitForBoard("O../.X./...")
      try tmux.type(":q")
      try tmux.keys("Enter")
      try await tmux.waitFor("a game is in progress: :q! quits anyway, q leaves the game first")
      try tmux.keys("C-d")
      try await tmux.waitFor("ctrl-d again quits anyway")
      try tmux.keys("C-d")
      #expect(try await session.waitForExit() == 0)
    }

    @Test func qQuitsWhereNoGameIsShown() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      try await session.startGame()
      try tmux.keys("q")
      try await tmux.waitFor("Quit this game?")
      try tmux.keys("y")
      try await tmux.waitFor("TicTacToe · New game")
      try tmux.keys("Escape")  // out of the name field, onto "Let's play!"
      try tmux.keys("q")
      #expect(try await session.waitForExit() == 0)
    }
  }
}
