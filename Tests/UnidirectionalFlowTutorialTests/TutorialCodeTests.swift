import Foundation
import TestSupport
import Testing

/// The DocC tutorial's code compiles: its last steps are this target's sources, and every
/// other step is type-checked with `swiftc` against the modules `swift build` made, the
/// macros' plugin included.
struct TutorialCodeTests {
  /// The catalog that holds the tutorial.
  static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/UnidirectionalFlow/UnidirectionalFlow.docc")

  /// The code files the tutorial shows, in the order of its steps (`@Code(... file: NAME)`).
  static func codeFiles() throws -> [String] {
    let tutorial = try String(
      contentsOf: catalog.appendingPathComponent("Tutorials/BuildingACountdown.tutorial"),
      encoding: .utf8)
    return tutorial.split(separator: "\n").compactMap { line in
      guard let start = line.range(of: "file: ") else { return nil }
      return String(line[start.upperBound...].prefix { $0 != ")" })
    }
  }

  /// The text of the tutorial's code file `name`.
  static func step(_ name: String) throws -> String {
    try String(
      contentsOf: catalog.appendingPathComponent("Resources/\(name)"), encoding: .utf8)
  }

  /// The text of this target's source file `name`.
  static func source(_ name: String) throws -> String {
    try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent(name), encoding: .utf8)
  }

  @Test func theLastStepsAreThisTargetsSources() throws {
    let files = try Self.codeFiles()
    let lastFeature = try #require(files.last { $0.hasPrefix("countdown-0") })
    let lastTests = try #require(files.last { $0.hasPrefix("countdown-tests-") })
    #expect(try Self.step(lastFeature) == Self.source("Countdown.swift"))
    #expect(try Self.step(lastTests) == Self.source("CountdownTests.swift"))
  }

  @Test(
    .disabled(
      if: ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil
        || ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil,
      "type-checking the steps needs no sanitizer: the plain build checks them"))
  func everyStepTypeChecks() async throws {
    let files = try Self.codeFiles()
    #expect(files.count == 7, "\(files)")
    let lastFeature = try #require(files.last { $0.hasPrefix("countdown-0") })
    for name in files {
      // A step of the tests needs the feature they test: the tutorial's last one.
      let inputs = name.hasPrefix("countdown-tests-") ? [lastFeature, name] : [name]
      let result = try await typeCheck(inputs)
      #expect(result.status == 0, "\(name) does not type-check:\n\(result.diagnostics)")
    }
  }

  /// `swiftc -typecheck` of the tutorial's files `names`, as one module, against the modules
  /// in the products directory.
  func typeCheck(_ names: [String]) async throws -> (status: Int32, diagnostics: String) {
    let swiftc = try #require(
      ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) },
      "swiftc is not on PATH")
    let plugin = productsDirectory.appendingPathComponent("UnidirectionalFlowMacrosPlugin-tool")
    let arguments =
      [
        "-typecheck", "-swift-version", "6", "-module-name", "TutorialStep",
        "-I", productsDirectory.appendingPathComponent("Modules").path,
        "-load-plugin-executable", "\(plugin.path)#UnidirectionalFlowMacrosPlugin",
      ] + names.map { Self.catalog.appendingPathComponent("Resources/\($0)").path }
    // The compiler runs on a thread of its own, so no thread of the cooperative pool waits.
    return try await onOwnThread {
      let process = Process()
      process.executableURL = swiftc
      process.arguments = arguments
      let errors = Pipe()
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      // A hang guard only: a type check takes seconds.
      let compiler = process.processIdentifier
      let hangGuard = DispatchWorkItem { kill(compiler, SIGKILL) }
      DispatchQueue.global().asyncAfter(deadline: .now() + 600, execute: hangGuard)
      let diagnostics = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      hangGuard.cancel()
      return (process.terminationStatus, String(decoding: diagnostics, as: UTF8.self))
    }
  }
}
