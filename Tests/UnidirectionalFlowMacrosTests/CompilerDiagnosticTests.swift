import Foundation
import Testing

/// The compiler itself, given the built plugin, reports a misuse at the line that has it.
struct CompilerDiagnosticTests {
  @Test func misusesAreReportedWhereTheyAreWritten() throws {
    let result = try typecheck(
      """
      import UnidirectionalFlow
      import UnidirectionalFlowMacros

      @CasePathable
      struct NotAnEnum {}

      @Reducer
      struct Feature {
        enum Action {}
      }

      @DependencyClient
      struct Client {
        var count: @Sendable () -> Int
      }
      """)
    #expect(result.status != 0)
    #expect(
      result.errors.contains(
        "misuse.swift:5:1: error: '@CasePathable' applies to an enum, not to this struct"))
    #expect(
      result.errors.contains("misuse.swift:8:8: error: '@Reducer' needs a nested 'State'"))
    #expect(
      result.errors.contains(
        "misuse.swift:14:7: error: endpoint 'count' neither throws nor returns Void"))
  }

  @Test func theSameCompilerAcceptsACorrectFeatureAndClient() throws {
    let result = try typecheck(
      """
      import UnidirectionalFlow
      import UnidirectionalFlowMacros

      @Reducer
      struct Feature {
        struct State {}
        enum Action { case tapped(row: Int, column: Int) }
        var body: some Reducer<State, Action> { EmptyReducer() }
      }

      @DependencyClient
      public struct Client: Sendable {
        public var load: @Sendable (_ id: Int) async throws -> String
        public var ping: @Sendable () -> Void
        public var count: @Sendable () -> Int = { 0 }
      }
      """)
    #expect(result.errors == "")
    #expect(result.status == 0)
  }

  /// Type-checks `source` (as `misuse.swift`) against the built modules and plugin.
  private func typecheck(_ source: String) throws -> (status: Int32, errors: String) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("unidirectionalflow-macros-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("misuse.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    let errors = directory.appendingPathComponent("errors")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swiftc", "-typecheck", "-swift-version", "6", "-I",
      binDirectory.appendingPathComponent("Modules").path,
      "-load-plugin-executable",
      binDirectory.appendingPathComponent("UnidirectionalFlowMacrosPlugin-tool").path
        + "#UnidirectionalFlowMacrosPlugin",
      "-diagnostic-style", "llvm", file.path,
    ]
    process.currentDirectoryURL = directory
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    process.waitUntilExit()
    return (process.terminationStatus, try String(contentsOf: errors, encoding: .utf8))
  }

  /// The directory `swift build` put the products in: the one holding this test binary.
  private var binDirectory: URL {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
    while directory.pathExtension == "xctest" { directory = directory.deletingLastPathComponent() }
    return directory
  }
}
