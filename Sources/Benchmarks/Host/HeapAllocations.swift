import Foundation

/// Heap allocations per JSON-lines action of the real `tictactoe` process, against `jq -c .`
/// per line, counted exactly by valgrind's memcheck ("total heap usage: N allocs").
///
/// Each program runs twice, over `lines` lines and over none, so that what starting costs
/// cancels out, on the stripped copies of ``ValgrindRuns``.
enum HeapAllocations {
  /// How many actions each counted run holds: enough to dwarf start-up, few enough for valgrind.
  static let lines = 2000

  /// Allocations per action of the host and per line of jq over the first `lines` lines of
  /// `stream`, or why they were not counted.
  static func perLine(of stream: URL) throws -> Result<(host: Double, jq: Double), Failure> {
    for tool in ["valgrind", "objcopy", "jq"] where ValgrindRuns.which(tool) == nil {
      return .failure(Failure(description: "\(tool) is not installed"))
    }
    let runs = try ValgrindRuns(stream: stream, lines: lines, purpose: "heap")
    defer { runs.remove() }
    guard
      let hostCount = try runs.perLine({
        try allocations(runs.host, ["--frontend", "jsonl", "--auth-delay", "0"], input: $0)
      }),
      let jqCount = try runs.perLine({
        try allocations(ValgrindRuns.which("jq")!, ["-c", "."], input: $0)
      })
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
    let report = try ValgrindRuns.report(
      ["--tool=memcheck", "--leak-check=no"], executable, arguments, input: input)
    // "==123==   total heap usage: 1,234 allocs, 1,200 frees, 56,789 bytes allocated"
    guard let line = report.split(separator: "\n").last(where: { $0.contains("total heap usage") }),
      let range = line.range(of: "usage: "),
      let count = Int(line[range.upperBound...].prefix { $0 != " " }.filter { $0 != "," })
    else { return nil }
    return count
  }
}
