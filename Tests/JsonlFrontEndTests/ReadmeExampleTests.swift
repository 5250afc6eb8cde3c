import Foundation
import JSONLines
import TestSupport
import Testing

/// The example of `JSONL.md`, run exactly as a user would, through a shell and `jq`.
@Suite struct ReadmeExampleTests {
  static let lines = [
    #"{"action":"login.view.binding.email","value":"blob@pointfree.co"}"#,
    #"{"action":"login.view.binding.password","value":"password"}"#,
    #"{"action":"login.view.loginButtonTapped"}"#,
    #"{"command":"settle"}"#,
  ]

  /// Runs `script` with `sh -c` and returns its standard output; fails on a non-zero exit.
  func shell(_ script: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(script) failed")
    return String(decoding: data, as: UTF8.self)
  }

  func requireJQ() throws {
    let found =
      FileManager.default.isExecutableFile(atPath: "/usr/bin/jq")
      || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/jq")
    try #require(found, "jq is needed for this test (.ci/run installs it)")
  }

  /// `printf '%s\n' LINES... | tictactoe ... | jq ...`
  func pipeline(_ filter: String) throws -> String {
    let host = try Products.host().path
    let quotedLines = Self.lines.map { "'\($0)'" }.joined(separator: " ")
    return try shell(
      "printf '%s\\n' \(quotedLines) | '\(host)' --frontend jsonl --auth-delay 0 | jq -c '\(filter)'"
    )
  }

  @Test func theExampleOutputsTheDocumentedKeys() throws {
    try requireJQ()
    let output = try pipeline(#"select(.type=="state") | .state | keys"#)
    #expect(output == #"["login"]\#n["login"]\#n["login"]\#n["login"]\#n["newGame"]\#n"#)
  }

  @Test func jqReadsEveryLineBackUnchanged() throws {
    try requireJQ()
    let transcript = try HostProcess.run(lines: Self.lines)
    let throughJQ = try pipeline(".")
    #expect(throughJQ == String(decoding: transcript.output, as: UTF8.self))
  }

  @Test func theExampleTranscriptIsExactly() throws {
    let transcript = try HostProcess.run(lines: Self.lines)
    let loggingIn = States.login(
      email: "blob@pointfree.co", password: "<redacted>", isFormValid: true)
    #expect(
      transcript.afterAttach == [
        Expected.action("login.view.binding.email", payload: ["value": "blob@pointfree.co"]),
        ["type": "state", "state": States.login(email: "blob@pointfree.co")],
        Expected.action("login.view.binding.password", payload: ["value": "<redacted>"]),
        ["type": "state", "state": loggingIn],
        Expected.action("login.view.loginButtonTapped"),
        [
          "type": "state",
          "state": States.login(
            email: "blob@pointfree.co", password: "<redacted>", isFormValid: true,
            isLoginRequestInFlight: true),
        ],
        Expected.action(
          "login.loginResponse.success", effect: true,
          payload: ["token": "<redacted>", "twoFactorRequired": false]),
        ["type": "state", "state": States.newGame()],
      ])
    #expect(transcript.states.first == States.login())
    #expect(transcript.status == 0)
  }
}
