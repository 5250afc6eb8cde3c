import Foundation
import Testing

/// Builds and tests `Examples/UserPackage`, a user's package with its own `AppCore` and
/// `GameCore` modules that depends on this repository's library products by path: a module
/// of this repository that took one of those names would fail it ("multiple packages declare
/// targets with a conflicting name").
///
/// It builds the libraries and the macros' plugin again, in a scratch folder of its own: about
/// 45 s of processor time, 1 to 4 min of wall time on a busy 2-core machine.
@Suite struct UserPackageTests {
  @Test func aPackageWithItsOwnAppCoreAndGameCoreBuildsAndPassesItsTests() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("tictactoe-user-package-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    var environment = ProcessInfo.processInfo.environment
    // SwiftPM puts its lock files in TMPDIR: keep them in the directory the test removes.
    environment["TMPDIR"] = root.path
    let result = try run(
      "/usr/bin/env",
      [
        "swift", "test", "--package-path",
        repositoryRoot.appendingPathComponent("Examples/UserPackage").path,
        "--scratch-path", root.appendingPathComponent("build").path,
      ],
      environment: environment, timeLimitInSeconds: 900)
    let output = result.standardOutput + result.standardError
    #expect(result.status == 0, "swift test failed:\n\(output)")
    #expect(!output.contains("warning:"), "\(output)")
    #expect(output.contains("aMoveIsCountedInTheAppsGame()"), "\(output)")
    #expect(output.contains("passed"), "\(output)")
  }
}
