import Foundation
import Synchronization
import Testing

/// Paths to the built products and the C fixture front ends, compiled on demand.
public enum Fixtures {
  /// The repository's root directory.
  public static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The directory `swift build` puts products in: the one holding this test binary.
  public static var binDirectory: URL { productsDirectory }

  /// The path of a stock front end's library; fails the test if it was not built.
  public static func stockFrontEnd(
    _ name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let path = binDirectory.appendingPathComponent("libtictactoe-\(name).so").path
    try #require(
      FileManager.default.fileExists(atPath: path),
      "\(path) is missing; build the products first (swift build)",
      sourceLocation: sourceLocation)
    return path
  }

  /// The `tictactoe` executable.
  public static var hostExecutable: String { binDirectory.appendingPathComponent("tictactoe").path }

  /// A fresh temporary directory, writable by its owner only (mode 755, whatever the umask),
  /// as the host's load policy wants the directory of a front end.
  public static func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tictactoe-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try #require(chmod(directory.path, 0o755) == 0)
    return directory
  }

  /// Compiles `Tests/Fixtures/FrontEnds/<source>` with `defines` into a shared library in a
  /// fresh directory (so each call gets its own copy, with its own globals). `cc` is waited for
  /// off the cooperative pool, like ``run``.
  public static func compile(_ source: String, defines: [String] = []) async throws -> String {
    let output = try temporaryDirectory().appendingPathComponent("lib\(UUID().uuidString).so")
    let sourcePath = repositoryRoot.appendingPathComponent("Tests/Fixtures/FrontEnds/\(source)")
    let include = repositoryRoot.appendingPathComponent("Sources/TicTacToeFrontEndABI/include")
    let result = try await run(
      "/usr/bin/env",
      ["cc", "-std=c11", "-shared", "-fPIC", "-Wall", "-Werror", "-I", include.path]
        + defines.map { "-D\($0)" } + [sourcePath.path, "-o", output.path])
    try #require(result.status == 0, "cc failed: \(result.standardError)")
    try #require(chmod(output.path, 0o755) == 0)
    return output.path
  }

  /// Runs `script` with `bash` in `directory`, with `$T` set to the built `tictactoe` (and no
  /// trace unless the script asks for it); returns its status and outputs.
  public static func bash(_ script: String, in directory: URL) async throws -> (
    status: Int32, standardOutput: String, standardError: String
  ) {
    var environment = ProcessInfo.processInfo.environment
    environment["T"] = hostExecutable
    environment["TICTACTOE_TRACE"] = nil
    return try await run(
      "/bin/bash", ["-c", "set -u; cd '\(directory.path)' && " + script],
      environment: environment)
  }

  /// Runs the built `tictactoe` with `arguments` and `input`, as a user at a shell would; fails
  /// the test with a hint when it has not been built.
  public static func tictactoe(_ arguments: [String], input: String = "") async throws -> (
    status: Int32, standardOutput: String, standardError: String
  ) {
    try #require(
      FileManager.default.isExecutableFile(atPath: hostExecutable),
      "\(hostExecutable) is missing; build it first (swift build)")
    return try await run(hostExecutable, arguments, input: Data(input.utf8))
  }

  /// Runs a program to completion and returns its status and outputs, decoded as UTF-8; waits
  /// without holding a thread of the cooperative pool, like ``runReturningData``.
  public static func run(
    _ executable: String, _ arguments: [String], input: Data = Data(),
    environment: [String: String]? = nil
  ) async throws -> (status: Int32, standardOutput: String, standardError: String) {
    let result = try await runReturningData(
      executable, arguments, input: input, environment: environment)
    return (
      result.status, String(decoding: result.standardOutput, as: UTF8.self),
      String(decoding: result.standardError, as: UTF8.self)
    )
  }

  /// Runs a program to completion and returns its status and outputs as bytes.
  ///
  /// The launch, the reading of standard output and the wait for the exit happen on a thread
  /// of their own (``onOwnThread(_:)``), and the input is written and standard error read on
  /// two more, so that no pipe fills up while another is waited on, and no thread of the
  /// cooperative pool (one per core) is held while the child runs.
  public static func runReturningData(
    _ executable: String, _ arguments: [String], input: Data = Data(),
    environment: [String: String]? = nil
  ) async throws -> (status: Int32, standardOutput: Data, standardError: Data) {
    try await onOwnThread {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
      if let environment { process.environment = environment }
      let stdin = Pipe()
      let stdout = Pipe()
      let stderr = Pipe()
      process.standardInput = stdin
      process.standardOutput = stdout
      process.standardError = stderr
      try process.run()
      let writer = stdin.fileHandleForWriting
      // A child that exits without reading all its input fails its test by its status and
      // outputs.
      writeInBackground(input, to: writer)
      let errorOutput = Mutex(Data())
      let errorDone = DispatchSemaphore(value: 0)
      let errorReader = stderr.fileHandleForReading
      Thread.detachNewThread {
        let data = errorReader.readDataToEndOfFile()
        errorOutput.withLock { $0 = data }
        errorDone.signal()
      }
      let output = stdout.fileHandleForReading.readDataToEndOfFile()
      errorDone.wait()
      process.waitUntilExit()
      return (process.terminationStatus, output, errorOutput.withLock { $0 })
    }
  }
}

/// Reads a whole file as text ("" if missing).
public func contents(of path: String) -> String {
  (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
}
