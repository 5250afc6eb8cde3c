import Foundation
import Testing

/// The manifest finds the toolchain's SwiftSyntax modules by itself, and says what to install
/// when they are not there.
struct ManifestTests {
  @Test func missingHostModulesStopTheManifestWithOneMessage() throws {
    let result = try swiftPackage(
      ["dump-package"], environment: ["SWIFT_HOST_MODULES": "/nonexistent"])
    #expect(result.status != 0)
    #expect(
      result.errors.contains(
        "error: tictactoe-host: the Swift toolchain's SwiftSyntax modules "
          + "(lib/swift/host/SwiftCompilerPluginMessageHandling.swiftmodule) were not found; "
          + "looked in: /nonexistent. Install a complete Swift 6.3 toolchain from swift.org"))
  }

  @Test func theManifestFindsThemByItself() throws {
    let result = try swiftPackage(["dump-package"], environment: [:])
    #expect(result.status == 0)
    #expect(result.output.contains(#""name" : "UnidirectionalFlowMacrosPlugin""#))
  }

  /// Runs `swift package ARGUMENTS` on this repository, without `SWIFT_HOST_MODULES` unless
  /// `environment` sets it, and with a build folder of its own (so it does not wait for the
  /// `swift test` running it).
  private func swiftPackage(
    _ arguments: [String], environment: [String: String]
  ) throws -> (status: Int32, output: String, errors: String) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("unidirectionalflow-manifest-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("output")
    let errors = directory.appendingPathComponent("errors")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [
        "swift", "package", "--package-path", repositoryRoot.path, "--scratch-path",
        directory.appendingPathComponent("build").path,
      ] + arguments
    var processEnvironment = ProcessInfo.processInfo.environment
    processEnvironment["SWIFT_HOST_MODULES"] = nil
    processEnvironment.merge(environment) { $1 }
    process.environment = processEnvironment
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    process.waitUntilExit()
    return (
      process.terminationStatus, try String(contentsOf: output, encoding: .utf8),
      try String(contentsOf: errors, encoding: .utf8)
    )
  }

  /// The repository's root directory.
  private var repositoryRoot: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }
}
