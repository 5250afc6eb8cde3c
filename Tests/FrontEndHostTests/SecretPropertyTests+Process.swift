import Foundation
import TestSupport
import Testing

/// The real executable, over pipes, with the live server.
extension SecretPropertyTests {
  /// Batches of passwords, one `tictactoe` process per batch and terminal owner.
  static let batches = 8

  @Test(arguments: ["text", "jsonl"])
  func randomPasswordsNeverReachAnOutputOfTheProcess(owner: String) async throws {
    var generator = SeededGenerator(seed: Self.seed ^ (owner == "text" ? 1 : 2))
    let perBatch = max(1, Self.iterations / Self.batches)
    for batch in 0..<Self.batches {
      let passwords = (0..<perBatch).map { _ in
        Secrets.password(using: &generator, textSafe: owner == "text")
      }
      let directory = try Fixtures.temporaryDirectory()
      let files = ["text", "jsonl", "ansi"].map {
        directory.appendingPathComponent("\($0).out").path
      }
      var arguments = ["--frontend", owner, "--auth-delay", "0"]
      for (name, file) in zip(["text", "jsonl", "ansi"], files) {
        arguments += ["--frontend", "\(name):\(file)"]
      }
      let input =
        owner == "text"
        ? Script.text(passwords: passwords, directory: directory.path)
        : Script.jsonl(passwords: passwords, directory: directory.path)
      let result = try await PipedHost.run(
        arguments: arguments, input: input, environment: ["TICTACTOE_TRACE": "1"])
      #expect(result.status == 0, "batch \(batch): \(result.standardError.suffix(500))")
      let outputs =
        [("standard output", result.standardOutput), ("standard error", result.standardError)]
        + files.map { ($0, Array(FileManager.default.contents(atPath: $0) ?? Data())) }
      for (name, bytes) in outputs {
        if name != "standard error" {
          #expect(!bytes.isEmpty, "batch \(batch): \(name) is empty")
        }
        for secret in passwords + Self.liveTokens {
          if let leak = Secrets.leak(of: secret, in: bytes, pieces: passwords.contains(secret)) {
            Issue.record("\(owner), batch \(batch): \(leak) in \(name)")
          }
        }
      }
      let standardError = String(decoding: result.standardError, as: UTF8.self)
      #expect(standardError.contains("tictactoe: trace: "), "the trace was on")
      #expect(standardError.contains("login.twoFactor.twoFactorResponse.success"))
      // The wrong-password alert was shown for every password.
      let events = String(decoding: outputs[3].1, as: UTF8.self)
      #expect(
        events.components(separatedBy: "login.loginResponse.failure").count - 1
          == passwords.count, "batch \(batch)")
    }
  }
}
