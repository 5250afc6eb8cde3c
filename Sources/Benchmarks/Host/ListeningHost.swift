import Foundation

/// The release `tictactoe --frontend jsonl --listen PATH` that the socket measurements talk to.
enum ListeningHost {
  /// Starts the host on a socket in a new private directory, runs `body` with the socket's
  /// path and the host's process id, then ends the host (its input ends) and waits for it.
  static func with<Result>(
    _ body: (_ path: String, _ pid: Int32) throws -> Result
  ) throws -> Result {
    var template = Array("/tmp/tictactoe-bench-XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw BenchmarkError("mkdtemp: \(String(cString: strerror(errno)))")
    }
    let directory = String(cString: made)
    let path = "\(directory)/game.sock"
    defer { _ = rmdir(directory) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: BuiltProducts.tictactoe)
    process.arguments = ["--frontend", "jsonl", "--auth-delay", "0", "--listen", path]
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
    return try body(path, process.processIdentifier)
  }
}
