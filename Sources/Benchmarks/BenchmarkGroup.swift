/// A named set of benchmarks run together, as in `benchmarks core`, with the targets its
/// results are checked against.
struct BenchmarkGroup {
  /// The name given on the command line.
  let name: String
  /// What the group measures, for `--help`.
  let summary: String
  /// The group's benchmarks, in the order they run.
  let benchmarks: @MainActor () -> [Benchmark]
  /// Checks the group's results against its targets.
  let targets: @MainActor (_ results: [BenchmarkResult]) -> [TargetCheck]

  /// Every group, in the order `benchmarks` without arguments runs them.
  ///
  /// A new group (`host`, for the front-end host) is a static property like ``core`` added to
  /// this list.
  @MainActor
  static var all: [BenchmarkGroup] { [.core] }
}
