import Foundation
import TestSupport
import Testing

/// The built `tictactoe` executable and the `jsonl` front end beside it.
///
/// `swift test` (like `swift build --build-tests`) builds every product, the executable and the
/// front-end libraries, into the directory holding the test binary; the tests run them there.
enum Products {
  /// The directory `swift build` puts products in: the one holding this test binary.
  static var binDirectory: URL { productsDirectory }

  /// The `tictactoe` executable; fails the test if it or the front end was not built.
  static func host(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    try HostProcess.executable(sourceLocation: sourceLocation)
  }
}
