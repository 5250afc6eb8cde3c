import Foundation
import TestSupport
import Testing

/// Escape sequences typed as an email, a player's name or a front-end spec reach no terminal
/// and no observer file raw, whichever front end they come through and whichever shows them:
/// `text` shows them in caret notation, `ansi` as `?`, `jsonl` escaped.
@Suite struct ControlCharacterTests {
  /// Asks the terminal to report the cursor (a reply typed into the input), sets the window
  /// title, rings the bell, and a C1 CSI that some terminals obey too: sequences no front end
  /// writes of its own accord.
  static let hostile = "\u{1B}[6n\u{1B}]0;pwned\u{07}\u{9B}31m"

  /// The raw sequences, any of which in an output means a terminal would obey it.
  static let raw = ["\u{1B}[6n", "\u{1B}]0;", "\u{07}", "\u{9B}"]

  private func run(
    owner: String, _ lines: [String]
  ) async throws -> (standardOutput: String, observers: [String: String]) {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let names = ["text", "ansi", "jsonl"]
    let files = names.map { directory.appendingPathComponent("\($0).out").path }
    let observers = zip(names, files).flatMap { ["--frontend", "\($0):\($1)"] }
    let result = try await Fixtures.run(
      Fixtures.hostExecutable,
      ["--frontend", owner, "--auth-delay", "0"] + observers,
      input: Data((lines.joined(separator: "\n") + "\n").utf8))
    #expect(result.status == 0, "\(result.standardError)")
    var contents: [String: String] = [:]
    for (name, file) in zip(names, files) {
      contents[name] = try String(contentsOfFile: file, encoding: .utf8)
    }
    return (result.standardOutput, contents)
  }

  private func expectNoRawSequence(
    in output: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for sequence in Self.raw {
      #expect(
        !output.contains(sequence), "\(what) holds \(sequence.debugDescription) raw",
        sourceLocation: sourceLocation)
    }
  }

  @Test func throughTheTextFrontEnd() async throws {
    let (output, observers) = try await run(
      owner: "text",
      [
        "email \(Self.hostile)", "email blob@pointfree.co", "password password", "login",
        "x \(Self.hostile)", "o Blub",
        ":attach \(Self.hostile)", ":frontend \(Self.hostile)", "play",
      ])
    expectNoRawSequence(in: output, "standard output")
    #expect(output.contains("Email:    ^[[6n^[]0;pwned^G<U+009B>31m"), "\(output)")
    #expect(output.contains("! cannot load front end '^[[6n^[]0;pwned^G<U+009B>31m'"))
    for (name, contents) in observers {
      expectNoRawSequence(in: contents, "the \(name) observer's file")
    }
    #expect(observers["text"]?.contains("X player: ^[[6n^[]0;pwned^G<U+009B>31m") == true)
    #expect(observers["ansi"]?.contains("?[6n?]0;pwned??31m") == true)
    #expect(observers["jsonl"]?.contains(#"\u001b[6n\u001b]0;pwned\u0007\u009b31m"#) == true)
  }

  @Test func throughTheJsonlFrontEnd() async throws {
    func set(_ path: String, _ value: String) -> String {
      let escaped = value.unicodeScalars.map { "\\u" + String(format: "%04x", $0.value) }
      return #"{"action":"\#(path)","value":""# + escaped.joined() + #""}"#
    }
    let (output, observers) = try await run(
      owner: "jsonl",
      [
        set("login.view.binding.email", Self.hostile),
        set("login.view.binding.email", "blob@pointfree.co"),
        set("login.view.binding.password", "password"),
        #"{"action":"login.view.loginButtonTapped"}"#, #"{"command":"settle"}"#,
        set("newGame.binding.xPlayerName", Self.hostile),
        #"{"command":"attach","name":"\u001b[6n"}"#,
      ])
    expectNoRawSequence(in: output, "standard output")
    for (name, contents) in observers {
      expectNoRawSequence(in: contents, "the \(name) observer's file")
    }
    #expect(observers["text"]?.contains("Email:    ^[[6n^[]0;pwned^G<U+009B>31m") == true)
    #expect(observers["text"]?.contains("X player: ^[[6n^[]0;pwned^G<U+009B>31m") == true)
    #expect(output.contains(#"\u001b[6n\u001b]0;pwned\u0007\u009b31m"#))
  }

  @Test func throughTheHostsDiagnostics() async throws {
    let result = try await Fixtures.run(
      Fixtures.hostExecutable, ["--frontend", Self.hostile, "--frontend", "text"])
    expectNoRawSequence(in: result.standardError, "standard error")
    #expect(
      result.standardError.contains("cannot load front end '^[[6n^[]0;pwned^G^[[31m'"),
      "\(result.standardError)")
  }
}
