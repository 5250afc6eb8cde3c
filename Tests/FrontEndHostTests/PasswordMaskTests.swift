import Foundation
import TestSupport
import Testing

/// The `text` front end masks the password with a fixed number of stars: a mask as long as
/// the password would tell its length to anyone watching the screen or an observer file.
@Suite struct PasswordMaskTests {
  @Test(arguments: ["abc", "hunter2hunter2", "a much longer pass phrase"])
  func theMaskDoesNotTellTheLength(password: String) async throws {
    let directory = try Fixtures.temporaryDirectory()
    let result = try await Fixtures.bash(
      """
      printf '%s\\n' 'password \(password)' ':quit' \
        | timeout 20 "$T" --frontend text --frontend text:observer.txt
      """, in: directory)
    let observer = contents(of: directory.appendingPathComponent("observer.txt").path)
    #expect(result.status == 0, "\(result.standardError)")
    for text in [result.standardOutput, observer] {
      #expect(text.contains("Password: ********\n"))
      #expect(!text.contains(password))
    }
  }
}
