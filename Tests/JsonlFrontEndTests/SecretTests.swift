import JSONLines
import TestSupport
import Testing

/// Passwords and tokens never appear in any output, error message or log, whatever the input.
@Suite struct SecretTests {
  @Test(arguments: 0..<8)
  func randomPasswordsNeverAppear(run: Int) throws {
    var generator = SystemRandomNumberGenerator()
    let password = SecretInput.randomPassword(using: &generator)
    let transcript = try HostProcess.run(
      lines: SecretInput.lines(for: password), environment: ["TICTACTOE_TRACE": "1"])
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
