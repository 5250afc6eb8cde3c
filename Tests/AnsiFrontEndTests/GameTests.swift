import Foundation
import Testing

extension EndToEnd {
  /// Plays the real `tictactoe` with the ansi front end in a real terminal.
  @Suite struct GameTests {
    @Test func playsWithArrowsAndHjklThenTheTextFrontEndShowsTheSameBoard() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      try await session.startGame()
      #expect(try tmux.format("#{alternate_on} #{cursor_flag}") == "1 0")

      try tmux.keys("Enter")  // the cursor starts in the centre
      try await session.waitForBoard(".../.X./...")
      try tmux.keys("Up", "Enter")
      try await session.waitForBoard(".O./.X./...")
      try tmux.keys("h", "Enter")
      try await session.waitForBoard("XO./.X./...")
      try tmux.keys("j", "j", "Enter")
      try await session.waitForBoard("XO./.X./O..")
      try tmux.keys("Right", "l", "Enter")
      let won = try await session.waitForBoard("XO./.X./O.X")
      #expect(won.contains("Winner! Congrats Blob!"))
      #expect(won.contains("Play again?"))

      try tmux.type(":frontend text")
      try tmux.keys("Enter")
      let text = try await tmux.waitForScreen("the text front end's board") {
        Board.text($0) == Board("XO./.X./O.X") && $0.contains("== Winner! Congrats Blob! ==")
      }
      #expect(!text.contains("TicTacToe · Game"))
      #expect(try tmux.format("#{alternate_on} #{cursor_flag}") == "0 1")

      try tmux.type(":quit")
      try tmux.keys("Enter")
      #expect(try await session.waitForExit() == 0)
      let modes = try session.terminalModes()
      #expect(modes.before == modes.after)
    }

    @Test func switchingFromTextShowsTheStateAtOnce() async throws {
      let session = try TictactoeSession(arguments: "--frontend text --auth-delay 0")
      let tmux = session.tmux
      try await tmux.waitFor("== Login ==")
      try tmux.type("email restored@pointfree.co")
      try tmux.keys("Enter")
      try await tmux.waitFor("Email:    restored@pointfree.co")
      try tmux.type(":frontend ansi")
      try tmux.keys("Enter")
      let ansi = try await tmux.waitFor("TicTacToe · Login")
      #expect(ansi.contains("› Email    restored@pointfree.co"))
      #expect(try tmux.format("#{alternate_on} #{cursor_flag}") == "1 0")

      // Keys reach ansi at once, although text had asked for a settle just before it left.
      try tmux.keys("Tab")
      try tmux.type("password")
      try tmux.keys("Enter")
      try await tmux.waitFor("TicTacToe · New game", attempts: 40)
      // A signal works whatever the input does: ansi gives the terminal back as text left it.
      try Processes.signalTictactoe(in: tmux, SIGTERM)
      #expect(try await session.waitForExit() == 128 + Int(SIGTERM))
      let modes = try session.terminalModes()
      #expect(modes.before == modes.after)
      #expect(try tmux.format("#{alternate_on} #{cursor_flag}") == "0 1")
    }

    @Test func playAgainAndQuitTheGame() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      try await session.startGame()
      // X on the top row's corners, O on the middle row's left, moving from cell to cell.
      for keys in [
        ["k", "h", "Enter"], ["j", "Enter"], ["k", "l", "l", "Enter"], ["j", "h", "Enter"],
      ] {
        try tmux.keys(keys)
      }
      try await session.waitForBoard("X.X/OO./...")
      try tmux.keys("k", "Enter")
      let won = try await session.waitForBoard("XXX/OO./...")
      #expect(won.contains("Winner! Congrats Blob!"))
      try tmux.keys("Enter")  // play again
      try await session.waitForBoard(".../.../...")
      // The new game is in progress (it is X's turn): quitting it asks first.
      try tmux.keys("q")
      let asked = try await tmux.waitFor("Quit this game?")
      #expect(asked.contains("y quit · n/esc keep playing"))
      try tmux.keys("y")
      let newGame = try await tmux.waitFor("TicTacToe · New game")
      // The won game was counted; the one left in progress was not.
      #expect(newGame.contains("Scoreboard  Blob 1 · ties 0"), "\(newGame)")
      try tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
    }

    @Test func undoTakesMovesBackOneAtATime() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      try await session.startGame()
      try tmux.keys("5")
      try await session.waitForBoard(".../.X./...")
      try tmux.keys("1")
      try await session.waitForBoard("O../.X./...")
      try tmux.type(":undo")
      try tmux.keys("Enter")
      let undone = try await session.waitForBoard(".../.X./...")
      #expect(undone.contains("Blob Jr., place your O"))
      try tmux.type(":u")
      try tmux.keys("Enter")
      try await session.waitForBoard(".../.../...")
      try tmux.type(":undo")
      try tmux.keys("Enter")
      try await tmux.waitFor("no move of this game is left to undo")
      try tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
    }

    @Test func theQuitConfirmationHoldsTheBoardAndNKeepsPlaying() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      try await session.startGame()
      try tmux.keys("5")
      try await session.waitForBoard(".../.X./...")
      try tmux.keys("q")
      try await tmux.waitFor("Quit this game?")
      // A key for the board says what the alert wants, and places nothing.
      try tmux.keys("1")
      let held = try await tmux.waitFor("quit this game? y quits, n keeps playing")
      #expect(held.contains("Quit this game?"))
      try tmux.keys("n")
      try await tmux.waitForScreen("the alert to close") { !$0.contains("Quit this game?") }
      try tmux.keys("1")
      try await session.waitForBoard("O../.X./...")
      // Quitting a finished game asks nothing: play to a tie, then q leaves at once.
      try tmux.keys("2", "8", "3", "7")
      try await session.waitForBoard("OXX/.X./OO.")
      try tmux.keys("9", "6", "4")
      let tied = try await session.waitForBoard("OXX/XXO/OOX")
      #expect(tied.contains("Tied game!"))
      try tmux.keys("q")
      let newGame = try await tmux.waitFor("TicTacToe · New game")
      #expect(!newGame.contains("Quit this game?"))
      #expect(newGame.contains("Scoreboard  ties 1"), "\(newGame)")
      try tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
    }
  }
}
