import Foundation
import Testing

extension EndToEnd {
  /// The `text` front end where it behaves differently at a terminal than in a pipe: the
  /// password typed unseen, the warning before `jsonl`, and the line Ctrl-C leaves.
  @Suite struct TextAtATerminalTests {
    @Test func thePasswordIsTypedUnseenAndCtrlCEndsTheLine() async throws {
      let session = try TictactoeSession(arguments: "--frontend text --auth-delay 0")
      let tmux = session.tmux
      try await tmux.waitFor("== Login ==")
      try tmux.type("email blob@pointfree.co")
      try tmux.keys("Enter")
      try tmux.type("password")
      try tmux.keys("Enter")
      try await tmux.waitFor("Password (typing is not shown):")
      try tmux.type("s3cret-typed")
      try tmux.keys("Enter")
      let screen = try await tmux.waitFor("Password: ********")
      #expect(!screen.contains("s3cret-typed"), "the password was echoed:\n\(screen)")
      // Echo is back for the next command.
      try tmux.type("login")
      try tmux.keys("Enter")
      try await tmux.waitFor("Alert: Unknown user or invalid password. (type ok)")

      try tmux.type(":frontend jsonl")
      try tmux.keys("Enter")
      try await tmux.waitFor(#"! jsonl takes JSON, not commands (back: {"command":"frontend""#)
      try tmux.type("ok")
      try tmux.keys("Enter")
      // Still text: it takes "ok".
      try await tmux.waitForScreen("the alert dismissed by text") { screen in
        let last = screen.components(separatedBy: "== Login ==").last ?? ""
        return !last.contains("Alert:") && last.contains("Commands: email ADDRESS")
      }

      try tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
      let lines = try tmux.screen().split(separator: "\n")
      let marker = try #require(lines.firstIndex { $0.contains(TictactoeSession.exitedMarker) })
      #expect(lines[marker].hasPrefix(TictactoeSession.exitedMarker), "\(lines[marker])")
      #expect(lines[marker - 1].hasSuffix("^C"), "\(lines[marker - 1])")
    }

    /// Issue 22, S4: Ctrl-Z at the unseen password prompt, then `fg`: echo is off again and the
    /// prompt is shown again.
    @Test func theUnseenPasswordPromptSurvivesCtrlZAndFg() async throws {
      let tmux = try Tmux(command: "env PS1='$ ' sh -i")
      try await tmux.waitFor("$")
      try tmux.type("\(BuildProducts.tictactoe) --frontend text --auth-delay 0")
      try tmux.keys("Enter")
      try await tmux.waitFor("== Login ==")
      try tmux.type("password")
      try tmux.keys("Enter")
      try await tmux.waitFor("Password (typing is not shown):")
      try tmux.keys("C-z")
      try await tmux.waitFor("Stopped")
      try tmux.type("fg")
      try tmux.keys("Enter")
      try await tmux.waitForScreen("the prompt shown again after fg") { screen in
        screen.components(separatedBy: "Password (typing is not shown):").count == 3
      }
      try tmux.type("s3cret-typed")
      try tmux.keys("Enter")
      let screen = try await tmux.waitFor("Password: ********")
      #expect(!screen.contains("s3cret-typed"), "the password was echoed:\n\(screen)")
      try tmux.type("quit")
      try tmux.keys("Enter")
      try await tmux.waitForScreen("the shell's prompt") { screen in
        screen.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) } == "$"
      }
    }
  }
}
