/// Prints benchmark results as they come, and the target summary of each group.
@MainActor
enum Report {
  private static let nameWidth = 28
  private static let columnWidth = 12

  /// Prints what the run is and how it measures.
  static func header(runs: Int, runDuration: Duration, countsAllocations: Bool) {
    #if DEBUG
      print("warning: a debug build; build with -c release for meaningful numbers.")
    #endif
    let milliseconds =
      runDuration.components.seconds * 1000
      + runDuration.components.attoseconds / 1_000_000_000_000_000
    print(
      "UnidirectionalFlow benchmarks: median CPU ns/op of \(runs) runs of ~\(milliseconds) ms each "
        + "(the measuring thread's; the process's for asynchronous benchmarks); allocs/op "
        + "counted exactly over the same runs.")
    if !countsAllocations {
      print(
        "warning: the allocation counter does not see the Swift runtime's allocations; "
          + "allocs/op are not meaningful.")
    }
  }

  /// Prints a group's title, and the column names when `withColumns` (benchmarks follow).
  static func groupHeader(_ group: BenchmarkGroup, withColumns: Bool) {
    print("")
    print("== \(group.name): \(group.summary)")
    guard withColumns else { return }
    print(
      TextFormat.left("benchmark", nameWidth)
        + TextFormat.right("ns/op", columnWidth)
        + TextFormat.right("allocs/op", columnWidth)
        + TextFormat.right("base ns/op", columnWidth)
        + TextFormat.right("base allocs", columnWidth)
        + TextFormat.right("ratio", columnWidth))
  }

  /// Prints one benchmark's result.
  static func result(_ result: BenchmarkResult) {
    print(
      TextFormat.left(result.name, nameWidth)
        + TextFormat.right(TextFormat.adaptive(result.library.nanosecondsPerOperation), columnWidth)
        + TextFormat.right(allocations(result.library), columnWidth)
        + TextFormat.right(
          TextFormat.adaptive(result.baseline.nanosecondsPerOperation), columnWidth)
        + TextFormat.right(allocations(result.baseline), columnWidth)
        + TextFormat.right(TextFormat.adaptive(result.ratio) + "x", columnWidth))
  }

  /// Prints the wall-clock latency of an asynchronous benchmark, which its CPU time leaves out.
  static func latency(_ result: BenchmarkResult) {
    print(
      "  \(result.name) wall-clock latency: "
        + "\(TextFormat.adaptive(result.library.wallNanosecondsPerOperation)) ns vs baseline "
        + "\(TextFormat.adaptive(result.baseline.wallNanosecondsPerOperation)) ns "
        + "(includes waiting for other processes on a busy machine)")
  }

  /// Prints a group's target checks.
  static func targets(_ checks: [TargetCheck], of group: BenchmarkGroup) {
    guard !checks.isEmpty else { return }
    print("")
    print("== \(group.name) targets: \(checks.filter(\.isMet).count) of \(checks.count) met")
    for check in checks {
      print("  [\(check.isMet ? "met" : "MISSED")] \(check.goal)")
      print("      \(check.evidence)")
    }
  }

  /// An allocation count per operation: exactly `0` when nothing was allocated.
  private static func allocations(_ measurement: Measurement) -> String {
    measurement.allocations == 0
      ? "0" : TextFormat.fixed(measurement.allocationsPerOperation, decimals: 2)
  }
}
