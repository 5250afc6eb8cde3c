import Foundation

/// The directory `swift build` puts products in: the one holding this test binary, where
/// `swift test` also builds the `tictactoe` executable and the front-end libraries.
public let productsDirectory: URL = {
  let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  var directory = executable.deletingLastPathComponent()
  // Swift Testing may run from inside an .xctest bundle directory.
  while directory.pathExtension == "xctest" || directory.lastPathComponent == "Contents"
    || directory.lastPathComponent == "MacOS"
  {
    directory = directory.deletingLastPathComponent()
  }
  return directory
}()
