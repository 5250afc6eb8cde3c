import Foundation

/// Instructions per line of a whole process, counted by valgrind's callgrind over every thread
/// of the process, as CI's `Scripts/instruction-guard.sh` counts them: a run over the first
/// `lines` lines of a stream less a run over none, so that what starting and ending cost
/// cancels out. Instructions, unlike seconds, do not depend on what else the machine does.
enum InstructionCount {
  /// How many lines each counted run reads.
  static let lines = 2000

  /// The instructions per line of `tictactoe` with `arguments`, for each set of arguments, over
  /// the first ``lines`` lines of `stream`; `nil` when valgrind or objcopy is missing or
  /// callgrind printed no count. `prepare` runs before each run (to remove a session file,
  /// say).
  static func perLine(
    of stream: URL, arguments sets: [[String]], prepare: () -> Void = {}
  ) throws -> [Double]? {
    guard HeapAllocations.which("valgrind") != nil, HeapAllocations.which("objcopy") != nil
    else { return nil }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tictactoe-bench-instructions-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // valgrind cannot read Swift's debug information: copies without it, side by side (the
    // host finds its stock front ends next to itself).
    let host = directory.appendingPathComponent("tictactoe").path
    try HeapAllocations.strip(BuiltProducts.tictactoe, to: host)
    try HeapAllocations.strip(
      BuiltProducts.frontEnd("jsonl"),
      to: directory.appendingPathComponent("libtictactoe-jsonl.so").path)
    let text = try String(contentsOf: stream, encoding: .utf8)
    let some = directory.appendingPathComponent("some.jsonl")
    let none = directory.appendingPathComponent("none.jsonl")
    try (text.split(separator: "\n").prefix(lines).joined(separator: "\n") + "\n")
      .write(to: some, atomically: false, encoding: .utf8)
    try "".write(to: none, atomically: false, encoding: .utf8)
    var counts: [Double] = []
    for arguments in sets {
      prepare()
      guard let many = try instructions(host, arguments, input: some) else { return nil }
      prepare()
      guard let few = try instructions(host, arguments, input: none) else { return nil }
      counts.append(Double(many - few) / Double(lines))
    }
    return counts
  }

  /// The instructions callgrind counted over a whole run of `executable`.
  private static func instructions(
    _ executable: String, _ arguments: [String], input: URL
  ) throws -> Int? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: HeapAllocations.which("valgrind")!)
    process.arguments =
      ["--tool=callgrind", "--callgrind-out-file=/dev/null", executable] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["SWIFT_DETERMINISTIC_HASHING": "1"]) { _, new in new }
    process.standardInput = try FileHandle(forReadingFrom: input)
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let report = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    // "==123== Collected : 123456789"
    guard let line = report.split(separator: "\n").last(where: { $0.contains("Collected :") }),
      let range = line.range(of: "Collected : ")
    else { return nil }
    return Int(line[range.upperBound...].prefix { $0.isNumber })
  }
}
