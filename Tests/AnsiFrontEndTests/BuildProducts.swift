import Foundation

/// The products of the build these tests run from: `swift test` builds the `tictactoe`
/// executable and the front-end libraries next to the test bundle.
enum BuildProducts {
  /// The directory of the running test executable.
  static let directory: URL = {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: executable).deletingLastPathComponent()
  }()

  /// The `tictactoe` executable (override with `TICTACTOE_EXECUTABLE`).
  static var tictactoe: String {
    ProcessInfo.processInfo.environment["TICTACTOE_EXECUTABLE"]
      ?? directory.appendingPathComponent("tictactoe").path
  }

  /// Whether the executable and the ansi and text front ends were built.
  static var missing: [String] {
    let library = URL(fileURLWithPath: tictactoe).deletingLastPathComponent()
    return [
      tictactoe, library.appendingPathComponent("libtictactoe-ansi.so").path,
      library.appendingPathComponent("libtictactoe-text.so").path,
    ].filter { !FileManager.default.fileExists(atPath: $0) }
  }
}
