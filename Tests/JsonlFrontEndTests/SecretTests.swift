import JSONLines
import TestSupport
import Testing

/// Passwords and tokens never appear in any output, error message or log, whatever the input.
@Suite struct SecretTests {
  /// A random password: a recognisable prefix, then letters, digits, JSON's special characters,
  /// control characters and non-ASCII text.
  static func randomPassword(using generator: inout some RandomNumberGenerator) -> String {
    let alphabet = Array(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789\"\\/ \t\n{}[],:é😀\u{1}")
    let length = Int.random(in: 12...40, using: &generator)
    return "pw" + String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
  }

  /// The ways a client might let a password slip into the input.
  static func lines(for password: String) -> [String] {
    let escaped = JSONValue.string(password).description
    return [
      Input.action("login.view.binding.email", ["value": "blob@pointfree.co"]),
      Input.action("login.view.binding.password", ["value": .string(password)]),
      Input.action("login.view.loginButtonTapped"),
      Input.command("settle"),
      // Misplaced: as a field name, an id, invalid JSON, an unknown action's payload.
      #"{"action":"login.view.binding.password",\#(escaped):"x"}"#,
      #"{"action":"login.view.binding.password","value":\#(escaped)"#,
      #"{"action":"login.view.binding.password","value":\#(escaped),}"#,
      #"{"action":"login.view.binding.password","value":\#(escaped),"value":\#(escaped)}"#,
      #"{"action":"login.loginResponse.success","value":\#(escaped)}"#,
      #"{"action":"login.view.binding.password","value":[\#(escaped)]}"#,
      #"{"action":"login.view.binding.password","value":\#(escaped)}"# + " \u{1}",
      Input.action("login.view.binding.password", ["value": .string(password + "\u{0}")]),
      Input.action(
        "login.view.binding.password",
        ["value": .string(String(repeating: password, count: 70 * 1024 / password.utf8.count))]),
      Input.action("login.view.binding.password", ["value": .string(password)]),
      Input.command("snapshot"),
    ]
  }

  @Test(arguments: 0..<8)
  func randomPasswordsNeverAppear(run: Int) throws {
    var generator = SystemRandomNumberGenerator()
    let password = Self.randomPassword(using: &generator)
    let transcript = try HostProcess.run(
      lines: Self.lines(for: password), environment: ["TICTACTOE_TRACE": "1"])
    let output = String(decoding: transcript.output, as: UTF8.self)
    let escaped = String(JSONValue.string(password).description.dropFirst().dropLast())
    for text in [output, transcript.standardError] {
      #expect(!text.contains(password), "run \(run): \(password.debugDescription)")
      #expect(!text.contains(escaped), "run \(run): \(password.debugDescription)")
    }
    #expect(transcript.errors.count == 9)
    #expect(transcript.states.last?["login"]?["password"] == "<redacted>")
    #expect(transcript.standardError.contains("trace"), "the trace log was on")
  }

  @Test func theTwoFactorTokenNeverAppears() throws {
    let transcript = try HostProcess.run(
      lines: Input.logIn(email: "2fa@pointfree.co") + [
        Input.action("login.twoFactor.view.binding.code", ["value": "1234"]),
        Input.action("login.twoFactor.view.submitButtonTapped"), Input.command("settle"),
      ], environment: ["TICTACTOE_TRACE": "1"])
    let output = String(decoding: transcript.output, as: UTF8.self)
    #expect(!output.contains("deadbeef"))
    #expect(!transcript.standardError.contains("deadbeef"))
    #expect(output.contains(#""token":"<redacted>""#))
    #expect(transcript.states.last == States.newGame())
  }

  @Test func anEmptyPasswordIsShownEmpty() throws {
    let transcript = try HostProcess.run(lines: [
      Input.action("login.view.binding.password", ["value": "secret!"]),
      Input.action("login.view.binding.password", ["value": ""]),
    ])
    #expect(
      transcript.states.map { $0["login"]?["password"]?.string } == ["", "<redacted>", ""])
  }
}
