import Foundation

/// Heap allocations per JSON-lines action of the real `tictactoe` process, against `jq -c .`
/// per line, counted exactly by valgrind's memcheck ("total heap usage: N allocs").
///
/// Each program runs twice, over `lines` lines and over none, so that what starting costs
/// cancels out. valgrind refuses the Swift debug information, so it runs copies of the host and
/// the `jsonl` front end stripped with `objcopy --strip-debug`, side by side in a temporary
/// directory (the host finds its stock front ends next to itself).
enum HeapAllocations {
  /// How many actions each counted run holds: enough to dwarf start-up, few enough for valgrind.
  static let lines = 2000

  /// Allocations per action of the host and per line of jq over the first `lines` lines of
  /// `stream`, or why they were not counted.
  static func perLine(of stream: URL) throws -> Result<(host: Double, jq: Double), Failure> {
    for tool in ["valgrind", "objcopy", "jq"] where which(tool) == nil {
      return .failure(Failure(description: "\(tool) is not installed"))
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tictactoe-bench-heap-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let host = directory.appendingPathComponent("tictactoe").path
    try strip(BuiltProducts.tictactoe, to: host)
    try strip(
      BuiltProducts.frontEnd("jsonl"),
      to: directory.appendingPathComponent("libtictactoe-jsonl.so").path)
    let text = try String(contentsOf: stream, encoding: .utf8)
    let some = directory.appendingPathComponent("some.jsonl")
    let none = directory.appendingPathComponent("none.jsonl")
    try (text.split(separator: "\n").prefix(lines).joined(separator: "\n") + "\n")
      .write(to: some, atomically: false, encoding: .utf8)
    try "".write(to: none, atomically: false, encoding: .utf8)
    func perLine(_ executable: String, _ arguments: [String]) throws -> Double? {
      guard let many = try allocations(executable, arguments, input: some),
        let few = try allocations(executable, arguments, input: none)
      else { return nil }
      return Double(many - few) / Double(lines)
    }
    guard let hostCount = try perLine(host, ["--frontend", "jsonl", "--auth-delay", "0"]),
      let jqCount = try perLine(which("jq")!, ["-c", "."])
    else { return .failure(Failure(description: "valgrind printed no heap summary")) }
    return .success((hostCount, jqCount))
  }

  /// Why allocations were not counted.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The allocations memcheck counted over a whole run of `executable`.
  private static func allocations(
    _ executable: String, _ arguments: [String], input: URL
  ) throws -> Int? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: which("valgrind")!)
    process.arguments = ["--tool=memcheck", "--leak-check=no", executable] + arguments
    process.standardInput = try FileHandle(forReadingFrom: input)
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let report = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    // "==123==   total heap usage: 1,234 allocs, 1,200 frees, 56,789 bytes allocated"
    guard let line = report.split(separator: "\n").last(where: { $0.contains("total heap usage") }),
      let range = line.range(of: "usage: "),
      let count = Int(line[range.upperBound...].prefix { $0 != " " }.filter { $0 != "," })
    else { return nil }
    return count
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
