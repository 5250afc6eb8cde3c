import Foundation
import Testing

extension EndToEnd {
  /// The login, two-factor and new-game forms, the alert box and the command line, driven in a
  /// real terminal.
  @Suite struct FormTests {
    @Test func loginAlertThenTwoFactorWithBackingOut() async throws {
      let session = try TictactoeSession(arguments: "--frontend ansi --auth-delay 0.5")
      let tmux = session.tmux
      try await tmux.waitFor("TicTacToe · Login")
      try tmux.type("blob2fa@pointfree.co")
      try tmux.keys("Tab")
      try tmux.type("wrong")
      try await tmux.waitFor("› Password *****")
      try tmux.keys("Enter")
      let alert = try await tmux.waitFor("Unknown user or invalid password.")
      #expect(alert.contains("enter to dismiss"))
      #expect(alert.contains("┌"))
      try tmux.keys("Enter")
      try await tmux.waitForScreen("the alert to go") { !$0.contains("enter to dismiss") }

      // The password is edited in place although the front end can never read it.
      try tmux.keys("BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
      try await tmux.waitForScreen("an empty password") { !$0.contains("› Password *") }
      try tmux.type("password")
      try await tmux.waitFor("› Password ********")
      try tmux.keys("Enter")
      try await tmux.waitFor("Logging in…")
      try await tmux.waitFor("TicTacToe · Two-factor authentication")

      try tmux.type("12")
      try await tmux.waitFor("› Code     12")
      try tmux.keys("Escape")  // leaves the code field
      try await tmux.waitFor("esc: back to login")
      try tmux.keys("Escape")
      try await tmux.waitFor("TicTacToe · Login")
      try tmux.keys("Enter")  // the focus stayed on the password: log in again
      try await tmux.waitFor("TicTacToe · Two-factor authentication")
      try tmux.type("1234")
      try tmux.keys("Enter")
      try await tmux.waitFor("Checking the code…")
      try await tmux.waitFor("TicTacToe · New game")
      try tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
    }

    @Test func commandLineReportsUnknownCommands() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      try await tmux.waitFor("TicTacToe · Login")
      // In a text field ":" is typed; on a button it opens the command line.
      try tmux.type(":")
      try await tmux.waitFor("› Email    :")
      try tmux.keys("BSpace", "Tab", "Tab", "BTab")
      try await tmux.waitFor("› Password")
      try tmux.keys("Tab", ":")
      try await tmux.waitForScreen("the command line") { $0.hasSuffix(":\n") || $0.contains("\n:") }
      try tmux.type("fly")
      try tmux.keys("Enter")
      try await tmux.waitFor("unknown command ':fly'")
      try tmux.type(":detach")
      try tmux.keys("Enter")
      try await tmux.waitFor(":detach needs a front end")
      try tmux.type(":frontend")
      try tmux.keys("Escape")
      try await tmux.waitForScreen("the command line to close") { !$0.contains(":frontend") }
      try tmux.type(":q")
      try tmux.keys("Enter")
      #expect(try await session.waitForExit() == 0)
    }

    @Test func logoutReturnsToAFreshLogin() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      try await session.startGame()
      try tmux.keys("q")  // the game is in progress: confirm
      try await tmux.waitFor("Quit this game?")
      try tmux.keys("y")
      try await tmux.waitFor("TicTacToe · New game")
      try tmux.keys("Right", "Enter")  // from "Let's play!" to "Logout"
      let login = try await tmux.waitFor("TicTacToe · Login")
      #expect(login.contains("› Email"))
      try tmux.keys("C-d")
      #expect(try await session.waitForExit() == 0)
    }
  }
}
