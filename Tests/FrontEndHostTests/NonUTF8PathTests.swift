import Foundation
import TestSupport
import Testing

/// A path that is not UTF-8 (`g\xFFx`) is refused with a usage error that names it with its
/// bytes escaped, wherever it is given; it is never rewritten into another name (Swift's
/// decoding would make it `g\u{FFFD}x`) and no file is made.
@Suite struct NonUTF8PathTests {
  @Test(arguments: [
    "--session \"$P\" --frontend text", "--record \"$P\" --frontend text",
    "--frontend \"jsonl:$P\"", "replay \"$P\"", "--listen \"$P\" --frontend text",
    "--frontend-dir \"$P\" --frontend text",
  ])
  func aPathThatIsNotUTF8IsAUsageErrorAndNoFileIsMade(_ arguments: String) async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      #"P="$(printf 'g\377x')"; "$T" \#(arguments) < /dev/null"#, in: directory)
    #expect(result.status == 2, "\(result.standardError)")
    #expect(
      result.standardError.contains(#"'g\xFFx' is not valid UTF-8"#)
        || result.standardError.contains(#"'jsonl:g\xFFx' is not valid UTF-8"#),
      "\(result.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  @Test func helpStillWinsOverAnArgumentThatIsNotUTF8() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      #""$T" --session "$(printf 'g\377x')" --help"#, in: directory)
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("USAGE: tictactoe"))
  }
}
