import JSONLines

/// Input that tries every way a client might let a password slip into the JSON-lines input:
/// what the secret tests of the host's standard input and of its socket's clients type.
public enum SecretInput {
  /// A random password: a recognisable prefix, then letters, digits, JSON's special characters,
  /// control characters and non-ASCII text.
  public static func randomPassword(using generator: inout some RandomNumberGenerator) -> String {
    let alphabet = Array(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789\"\\/ \t\n{}[],:é😀\u{1}")
    let length = Int.random(in: 12...40, using: &generator)
    return "pw" + String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
  }

  /// The ways a client might let a password slip into the input.
  public static func lines(for password: String) -> [String] {
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
}
