import Foundation
import Testing

extension EndToEnd {
  /// What the ansi front end tells a person: the command line from every screen, the outcome
  /// of `:attach` and `:detach`, reasons for keys that do nothing, the winning line, the help,
  /// the spinner, small terminals, and the signals its control keys raise.
  @Suite struct FeedbackTests {
    @Test func theCommandLineIsReachedFromATextField() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      try await tmux.waitFor("TicTacToe · Login")
      try await tmux.waitFor("esc then : command, ? help")
      try tmux.type("a:b?")
      try await tmux.waitFor("› Email    a:b?")
      try tmux.keys("Escape")
      try await tmux.waitForScreen("the footer outside a field") {
        $0.contains(" · : command · ? help") && !$0.contains("esc then")
      }
      try tmux.type(":q")
      try tmux.keys("Enter")
      #expect(try await session.waitForExit() == 0)
    }

    @Test func attachAndDetachSayHowTheyWent() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      let events = session.file("events.jsonl").path
      try await tmux.waitFor("TicTacToe · Login")
      try tmux.keys("Escape")
      for (command, answer) in [
        ("attach jsonl:/nonexistent/x", "no such directory: /nonexistent"),
        ("attach jsonl:\(events)", "attached jsonl:\(events)"),
        ("attach text:\(events)", "its file is already written by jsonl"),
        ("detach nosuch", "no attached observer is named 'nosuch'"),
        ("detach ansi", "'ansi' owns the terminal"),
        ("detach jsonl", "detached jsonl"),
      ] {
        try tmux.type(":" + command)
        try tmux.keys("Enter")
        // A long answer wraps over the last rows.
        try await tmux.waitForScreen("the answer to :\(command)") {
          $0.split(separator: "\n").suffix(3).joined(separator: " ").contains(answer)
        }
      }
      try tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
      let written = try String(contentsOfFile: events, encoding: .utf8)
      #expect(written.hasPrefix(#"{"type":"hello""#))
    }

    @Test func switchingToJsonlWarnsFirst() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      try await tmux.waitFor("TicTacToe · Login")
      try tmux.keys("Escape")
      try tmux.type(":frontend jsonl")
      try tmux.keys("Enter")
      try await tmux.waitFor(#"(back: {"command":"frontend","name":"text"}); :frontend! jsonl"#)
      #expect(try tmux.format("#{alternate_on}") == "1")
      try tmux.type(":frontend! jsonl")
      try tmux.keys("Enter")
      try await tmux.waitFor(#"{"type":"hello""#)
      try tmux.type(#"{"command":"frontend","name":"ansi"}"#)
      try tmux.keys("Enter")
      try await tmux.waitFor("TicTacToe · Login")
      try tmux.keys("C-\\")
      #expect(try await session.waitForExit() == 131)
    }

    @Test func keysThatCannotActSayWhy() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      try await tmux.waitFor("TicTacToe · Login")
      try tmux.keys("Tab", "Tab", "Enter")
      // Each reason is the host's refusal, shown as it is.
      try await tmux.waitFor("fill in the email and the password first")
      try tmux.keys("Tab")
      try session.logIn()
      try await tmux.waitFor("TicTacToe · New game")
      try tmux.keys("Tab", "Tab", "Enter")
      try await tmux.waitFor("name both players first")
      try tmux.keys("Tab", "Tab")
      try tmux.type("Blob")
      try tmux.keys("Tab")
      try tmux.type("Blob Jr.")
      try tmux.keys("Tab", "Enter")
      try await tmux.waitFor("Blob, place your X")
      // The digits place a mark in reading order.
      try tmux.keys("5")
      try await session.waitForBoard(".../.X./...")
      try tmux.keys("5")
      try await tmux.waitFor("row 2, column 2 is taken")
      for digit in ["1", "4", "2", "7", "3"] { try tmux.keys(digit) }
      let won = try await tmux.waitFor("Winner! Congrats Blob Jr.!")
      #expect(won.contains("▶O◀  │  ▶O◀  │  ▶O◀"), "the winning line is marked:\n\(won)")
      #expect(!won.contains("▶X◀"))
      try tmux.keys("9")
      try await tmux.waitFor("the game is over: Blob Jr. won")
      try tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
    }

    @Test func anEmptyCodeSaysWhyItIsNotSubmitted() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      try await tmux.waitFor("TicTacToe · Login")
      try session.logIn(email: "blob2fa@pointfree.co")
      try await tmux.waitFor("TicTacToe · Two-factor authentication")
      try tmux.keys("Enter")
      try await tmux.waitFor("the code needs at least 4 characters")
      try tmux.keys("C-d")
      #expect(try await session.waitForExit() == 0)
    }

    @Test func questionMarkShowsEveryKey() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      try await session.startGame()
      try tmux.type("?")
      let help = try await tmux.waitFor("any key closes this")
      #expect(help.contains("place a mark (1 top left, 9 bottom right)"))
      try tmux.keys("x")
      try await tmux.waitForScreen("the help to close") { !$0.contains("any key closes this") }
      try await session.waitForBoard(".../.../...")  // the key that closed it did nothing else
      try tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
    }

    @Test func theSpinnerTurnsWhileLoggingIn() async throws {
      let session = try TictactoeSession(arguments: "--frontend ansi --auth-delay 3")
      let tmux = session.tmux
      try await tmux.waitFor("TicTacToe · Login")
      try session.logIn()
      let first = try await tmux.waitFor("Logging in…")
      let frame = Self.spinnerFrame(in: first)
      try await tmux.waitForScreen("another spinner frame") {
        let next = Self.spinnerFrame(in: $0)
        return next != nil && next != frame
      }
      try tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
    }

    /// The character before " Logging in…".
    private static func spinnerFrame(in screen: String) -> Character? {
      guard let line = screen.split(separator: "\n").first(where: { $0.contains("Logging in…") }),
        let range = line.range(of: " Logging in…")
      else { return nil }
      return line[..<range.lowerBound].last
    }

    @Test func aTerminalTooSmallSaysHowMuchItNeeds() async throws {
      let session = try TictactoeSession(columns: 30, rows: 8)
      let tmux = session.tmux
      try await tmux.waitFor("terminal too small")
      try await tmux.waitFor("(need 42×9)")
      try tmux.run(["resize-window", "-x", "42", "-y", "9"])
      try await tmux.waitFor("Login")
      try session.logIn()
      try await tmux.waitFor("New game")
      try tmux.type("Bartholomew Montgomery-Featherstonehaugh")
      try tmux.keys("Tab")
      try tmux.type("O")
      try tmux.keys("Tab", "Enter")
      let game = try await tmux.waitFor(", place your X")
      #expect(game.contains("Bartholomew Montgomery-Feat…, place your X"), "\(game)")
      try await session.waitForBoard(".../.../...")
      try tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
    }

    @Test func termDumbIsRefusedWithAReason() async throws {
      let session = try TictactoeSession(environment: "TERM=dumb")
      let screen = try await session.tmux.waitFor(TictactoeSession.exitedMarker)
      #expect(screen.contains("TERM=dumb cannot show; use"))
      #expect(try await session.waitForExit() == 3)
    }
  }
}
