import Foundation
import FrontEndHost
import TestSupport
import Testing

/// How a front end's name becomes a file on the search path.
@Suite struct SearchPathTests {
  /// A directory holding empty files with the given names, as the only search directory.
  func searchPath(holding files: [String]) throws -> FrontEndSearchPath {
    let directory = try Fixtures.temporaryDirectory()
    for file in files {
      let created = FileManager.default.createFile(
        atPath: directory.appendingPathComponent(file).path, contents: nil)
      #expect(created)
    }
    return FrontEndSearchPath(
      executablePath: "/nonexistent/tictactoe", environment: [:],
      extraDirectories: [directory.path])
  }

  @Test func anUnderscoreAfterTheLibraryPrefixIsAcceptedAsCargoWritesIt() throws {
    let path = try searchPath(holding: ["libtictactoe_rustfe.so", "libunrelated.so"])
    let located = try #require(path.locate("rustfe"))
    #expect(located.hasSuffix("/libtictactoe_rustfe.so"))
    #expect(path.discover().map(\.name) == ["rustfe"])
  }

  @Test func theHyphenatedNameWinsWhenBothAreInOneDirectory() throws {
    let path = try searchPath(holding: ["libtictactoe_mine.so", "libtictactoe-mine.so"])
    #expect(path.locate("mine")?.hasSuffix("/libtictactoe-mine.so") == true)
    let found = path.discover()
    #expect(found.count == 1)
    #expect(found.first?.path.hasSuffix("/libtictactoe-mine.so") == true)
  }
}
