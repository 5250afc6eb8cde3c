import Foundation
import TestSupport
import Testing

/// A type error inside a `Reduce { state, action in ... }` closure is reported where it is, as
/// the compiler reports it in any closure, not as "'(_, _) -> _' cannot conform to 'Reducer'"
/// on the `Reduce` line (which `Reduce`'s initializers once caused).
///
/// Type-checks small features with the `swiftc` on PATH against the library module this test
/// run built; skipped when either is missing.
@Suite struct ReduceDiagnosticsTests {
  /// A feature whose `Reduce` closure holds `mistake` on line 10, column 9.
  private static func feature(with mistake: String) -> String {
    """
    import UnidirectionalFlow

    struct Feature: Reducer {
      struct State { var count = 0 }
      enum Action { case tap }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .tap:
            \(mistake)
            return .none
          }
        }
      }
    }

    """
  }

  private static let swiftc: URL? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").lazy
      .map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  private static let modules = productsDirectory.appendingPathComponent("Modules")

  private static var canTypeCheck: Bool {
    swiftc != nil
      && FileManager.default.fileExists(
        atPath: modules.appendingPathComponent("UnidirectionalFlow.swiftmodule").path)
  }

  /// The compiler's errors for `source`: the lines of its output that say `error:`, first line
  /// of each diagnostic only.
  private func errors(typeChecking source: String) throws -> [String] {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("reduce-diagnostics-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("Feature.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = Self.swiftc
    process.arguments = [
      "-typecheck", "-I", Self.modules.path, "-diagnostic-style", "llvm", file.path,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n")
      .filter { $0.contains(": error: ") }
      .map { String($0.dropFirst(directory.path.count + 1)) }
  }

  @Test(
    "A type error inside a Reduce closure is reported at its line",
    .enabled(if: canTypeCheck, "needs swiftc on PATH and the built UnidirectionalFlow module"),
    arguments: [
      (
        "state.cout += 1",
        "Feature.swift:10:15: error: value of type 'Feature.State' has no member 'cout'"
      ),
      (
        "return .send(.nope)",
        "Feature.swift:10:23: error: type 'Feature.Action' has no member 'nope'"
      ),
    ])
  func aTypeErrorIsReportedWhereItIs(mistake: String, expected: String) throws {
    let errors = try errors(typeChecking: Self.feature(with: mistake))
    #expect(errors.first?.hasPrefix(expected) == true, "\(errors)")
    #expect(!errors.contains { $0.contains("cannot conform to 'Reducer'") }, "\(errors)")
  }
}
