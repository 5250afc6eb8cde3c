import Foundation
import Testing

extension EndToEnd {
  /// Issue 26, item 5: line editing in fields, the `:` line's history and completion, the
  /// footer at a narrow width, placeholders without colour, and the board cursor across a
  /// front-end switch.
  @Suite struct EditingTests {
    @Test func fieldsEditLikeAShellLine() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      try await tmux.waitFor("TicTacToe · Login")
      try session.logIn()
      try await tmux.waitFor("TicTacToe · New game")
      try tmux.type("Blob Sr")
      try tmux.keys("C-w")  // the word before the cursor
      // (A capture drops the spaces at the end of a row.)
      try await tmux.waitForScreen("Ctrl-W deleting a word") {
        $0.contains("› Player X Blob\n") && !$0.contains("Sr")
      }
      try tmux.type("Jr")
      try tmux.keys("C-a")  // to the start: typing inserts there
      try tmux.type("X")
      try tmux.keys("C-e")  // to the end
      try tmux.type(".")
      try await tmux.waitFor("› Player X XBlob Jr.")
      try tmux.keys("Left", "Left", "Left", "BSpace")  // the "b" before "Jr."
      try await tmux.waitFor("› Player X XBlobJr.")
      try tmux.keys("C-u")  // everything before the cursor goes, the rest stays
      try await tmux.waitForScreen("Ctrl-U before the cursor") {
        $0.contains("› Player X Jr.") && !$0.contains("XBlob")
      }
      try tmux.keys("C-e", "C-u")
      try await tmux.waitForScreen("Ctrl-U at the end clears") {
        $0.contains("› Player X\n")
      }
      try tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
    }

    @Test func thePasswordIsClearedByCtrlUAndCtrlW() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      try await tmux.waitFor("TicTacToe · Login")
      try tmux.keys("Tab")
      try tmux.type("two words")
      try await tmux.waitFor("› Password *********")
      try tmux.keys("C-w")
      try await tmux.waitForScreen("Ctrl-W clearing the password") {
        $0.contains("› Password\n")
      }
      try tmux.type("abc")
      try await tmux.waitFor("› Password ***")
      try tmux.keys("C-a", "C-u")  // the cursor stays at the end of the password
      try await tmux.waitForScreen("Ctrl-U clearing the password") {
        $0.contains("› Password\n")
      }
      try tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
    }

    @Test func placeholdersDifferFromTypedTextWithoutColour() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      try await tmux.waitFor("TicTacToe · Login")
      try session.logIn()
      // A plain capture, without colours or attributes.
      let screen = try await tmux.waitFor("TicTacToe · New game")
      #expect(screen.contains("  Player O e.g. Blob Jr."), "\(screen)")
      try tmux.keys("Tab")
      try tmux.type("Blob Jr.")
      let typed = try await tmux.waitFor("› Player O Blob Jr.")
      #expect(typed.contains("  Player X e.g. Blob Sr."), "\(typed)")
      try tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
    }

    @Test func aNarrowFooterLeavesOutWholeHints() async throws {
      let session = try TictactoeSession(columns: 60, rows: 24)
      let tmux = session.tmux
      let screen = try await tmux.waitFor("TicTacToe · Login")
      let footer = try #require(screen.split(separator: "\n").last { !$0.isEmpty })
      #expect(footer == " tab/↑↓ move · type to edit · … · esc then : command, ? help")
      try tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
    }

    @Test func theCommandLineCompletesAndRemembers() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      let events = session.file("events.jsonl").path
      try await tmux.waitFor("TicTacToe · Login")
      try tmux.keys("Escape")
      // Ctrl-W and Ctrl-U edit the line as in a field.
      try tmux.type(":frontend text")
      try tmux.keys("C-w")
      try await tmux.waitFor(":frontend\n")
      try tmux.keys("C-u")
      try await tmux.waitForScreen("Ctrl-U emptying the line") { $0.hasSuffix("\n:\n") }
      try tmux.keys("Escape")
      try tmux.type(":")
      try tmux.keys("Tab")
      try await tmux.waitFor("attach  detach  frontend  listen  quit  undo")
      try tmux.type("at")
      try tmux.keys("Tab")
      try await tmux.waitFor(":attach\n")
      try tmux.type("js")
      try tmux.keys("Tab")
      try await tmux.waitFor(":attach jsonl")
      try tmux.type(":\(events)")
      try tmux.keys("Enter")
      try await tmux.waitFor("attached jsonl:\(events)")
      try tmux.type(":detach jsonl")
      try tmux.keys("Enter")
      try await tmux.waitFor("detached jsonl")
      // Up goes back through the commands, newest first; Down returns to the line typed.
      try tmux.type(":und")
      try tmux.keys("Up")
      try await tmux.waitFor(":detach jsonl")
      try tmux.keys("Up")
      try await tmux.waitFor(":attach jsonl:\(events)")
      try tmux.keys("Down", "Down")
      try await tmux.waitForScreen("the line typed before Up") {
        $0.split(separator: "\n").contains { $0.hasPrefix(":und") }
      }
      try tmux.keys("Escape", ":", "Up", "Up", "Enter")
      try await tmux.waitFor("attached jsonl:\(events)")
      try tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
    }

    @Test func theBoardCursorSurvivesASwitch() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      try await session.startGame()
      try tmux.keys("Up", "Left")  // top left
      try tmux.type(":frontend text")
      try tmux.keys("Enter")
      try await tmux.waitFor("Blob, place your X")
      try await tmux.waitForScreen("the text front end") { !$0.contains("TicTacToe · Game") }
      try tmux.type(":frontend ansi")
      try tmux.keys("Enter")
      try await tmux.waitFor("TicTacToe · Game")
      try tmux.keys("Enter")
      try await session.waitForBoard("X../.../...")
      // From ansi to a new ansi, too.
      try tmux.keys("Right")
      try tmux.type(":frontend ansi")
      // The keys after the command go to the new ansi.
      try tmux.keys("Enter", "Enter")
      try await session.waitForBoard("XO./.../...")
      try tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
    }
  }
}
