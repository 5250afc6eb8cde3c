import Foundation
import TestSupport
import Testing

/// When the `text` front end writes a screen again, through a pipe: a change that leaves the
/// text as it was writes nothing, and a change of what was typed writes the screen even where
/// it looks the same once its control characters are made visible.
@Suite struct TextScreenTests {
  private func text(_ lines: [String]) async throws -> String {
    let result = try await Fixtures.run(
      Fixtures.hostExecutable, ["--frontend", "text", "--auth-delay", "0"],
      input: Data((lines.joined(separator: "\n") + "\n").utf8))
    #expect(result.status == 0)
    return result.standardOutput
  }

  @Test func aChangeTheTextDoesNotShowWritesNothing() async throws {
    // The mask is the same for any password: only the first one changes the screen.
    let output = try await text(["password abc", "password abcdef", "email a@b.c"])
    #expect(
      output
        == "== Login ==\nEmail:    \nPassword: \n"
        + "Commands: email ADDRESS, password PASSWORD, login, help, quit\n"
        + "== Login ==\nEmail:    \nPassword: ********\n"
        + "Commands: email ADDRESS, password PASSWORD, login, help, quit\n"
        + "== Login ==\nEmail:    a@b.c\nPassword: ********\n"
        + "Commands: email ADDRESS, password PASSWORD, login, help, quit\n")
  }

  @Test func typedTextThatLooksTheSameIsWrittenAgain() async throws {
    // ESC is shown as ^[, which can also be typed: the second email is another one.
    let output = try await text(["email a\u{1B}", "email a^[", "email a^["])
    #expect(output.components(separatedBy: "Email:    a^[\n").count == 3, "\(output)")
  }

  @Test func namesWithControlCharactersShowThemInTheGameTitle() async throws {
    let output = try await text([
      "email blob@pointfree.co", "password password", "login", "x B\u{7F}\u{9B}1m", "o Blub",
      "play",
    ])
    #expect(output.contains("X player: B^?<U+009B>1m\n"), "\(output)")
    #expect(output.contains("== B^?<U+009B>1m, place your X ==\n"), "\(output)")
  }
}
