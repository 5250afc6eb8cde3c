import Foundation

/// What the valgrind measurements share: copies of the host and its `jsonl` front end without
/// the debug information valgrind cannot read, side by side in a temporary directory (the host
/// finds its stock front ends next to itself), and two inputs, the first `lines` lines of a
/// stream and none, so that a count over the first less a count over the second leaves out what
/// starting and ending cost.
struct ValgrindRuns {
  /// The directory that holds the copies and the inputs, removed by ``remove()``.
  let directory: URL
  /// The stripped copy of `tictactoe`.
  let host: String
  /// The first `lines` lines of the stream.
  let some: URL
  /// An empty input.
  let none: URL
  /// How many lines `some` holds.
  let lines: Int

  /// Prepares the copies and the inputs for `lines` lines of `stream`, in a directory named
  /// after `purpose`.
  init(stream: URL, lines: Int, purpose: String) throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tictactoe-bench-\(purpose)-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    host = directory.appendingPathComponent("tictactoe").path
    try Self.strip(BuiltProducts.tictactoe, to: host)
    try Self.strip(
      BuiltProducts.frontEnd("jsonl"),
      to: directory.appendingPathComponent("libtictactoe-jsonl.so").path)
    let text = try String(contentsOf: stream, encoding: .utf8)
    some = directory.appendingPathComponent("some.jsonl")
    none = directory.appendingPathComponent("none.jsonl")
    self.lines = lines
    try (text.split(separator: "\n").prefix(lines).joined(separator: "\n") + "\n")
      .write(to: some, atomically: false, encoding: .utf8)
    try "".write(to: none, atomically: false, encoding: .utf8)
  }

  /// Removes the copies and the inputs.
  func remove() { try? FileManager.default.removeItem(at: directory) }

  /// A count per line: `count` over ``some`` less `count` over ``none``, divided by ``lines``;
  /// `nil` when either run gave no count.
  func perLine(_ count: (URL) throws -> Int?) throws -> Double? {
    guard let many = try count(some), let few = try count(none) else { return nil }
    return Double(many - few) / Double(lines)
  }

  /// What valgrind wrote to standard error over one run of `executable` with `arguments`
  /// under `tool` (valgrind's own options first), reading `input`.
  static func report(
    _ tool: [String], _ executable: String, _ arguments: [String], input: URL,
    environment: [String: String] = [:]
  ) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: which("valgrind")!)
    process.arguments = tool + [executable] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = try FileHandle(forReadingFrom: input)
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let report = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return report
  }

  /// Copies `source` to `destination` without its debug information, which valgrind cannot
  /// read.
  static func strip(_ source: String, to destination: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: which("objcopy")!)
    process.arguments = ["--strip-debug", source, destination]
    try process.run()
    process.waitUntilExit()
  }

  /// The path of `tool` in a directory of `PATH`, if it is there.
  static func which(_ tool: String) -> String? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(
      separator: ":")
    {
      let path = "\(directory)/\(tool)"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }
}
