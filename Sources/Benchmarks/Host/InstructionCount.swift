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
    guard ValgrindRuns.which("valgrind") != nil, ValgrindRuns.which("objcopy") != nil
    else { return nil }
    let runs = try ValgrindRuns(stream: stream, lines: lines, purpose: "instructions")
    defer { runs.remove() }
    var counts: [Double] = []
    for arguments in sets {
      guard
        let count = try runs.perLine({ input in
          prepare()
          return try instructions(runs.host, arguments, input: input)
        })
      else { return nil }
      counts.append(count)
    }
    return counts
  }

  /// The instructions callgrind counted over a whole run of `executable`.
  private static func instructions(
    _ executable: String, _ arguments: [String], input: URL
  ) throws -> Int? {
    let report = try ValgrindRuns.report(
      ["--tool=callgrind", "--callgrind-out-file=/dev/null"], executable, arguments,
      input: input, environment: ["SWIFT_DETERMINISTIC_HASHING": "1"])
    // "==123== Collected : 123456789"
    guard let line = report.split(separator: "\n").last(where: { $0.contains("Collected :") }),
      let range = line.range(of: "Collected : ")
    else { return nil }
    return Int(line[range.upperBound...].prefix { $0.isNumber })
  }
}
