import Foundation

/// The release products the host benchmarks run: they sit next to this executable.
enum BuiltProducts {
  /// The directory holding this executable and the products built with it.
  static let directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    .deletingLastPathComponent()

  /// The `tictactoe` executable.
  static var tictactoe: String { directory.appendingPathComponent("tictactoe").path }

  /// The library of the stock front end `name`.
  static func frontEnd(_ name: String) -> String {
    directory.appendingPathComponent("libtictactoe-\(name).so").path
  }

  /// Names the products that are missing, or `nil` when all are there.
  static func missing() -> String? {
    let paths = [tictactoe] + ["text", "ansi", "jsonl"].map(frontEnd)
    let missing = paths.filter { !FileManager.default.fileExists(atPath: $0) }
    guard !missing.isEmpty else { return nil }
    return "missing \(missing.joined(separator: ", ")); build them first: swift build -c release"
  }
}
