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
  /// Measurements that are not per-operation CPU times (whole processes timed by the wall
  /// clock, bytes written), run after the benchmarks; they print their figures and return their
  /// targets' verdicts.
  var measurements: (@MainActor () async -> [TargetCheck])? = nil

  /// Every group, in the order `benchmarks` without arguments runs them.
  ///
  @MainActor
  static var all: [BenchmarkGroup] { [.core, .app, .host] }
}
