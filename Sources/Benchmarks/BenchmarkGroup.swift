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
  /// Measurements that are not per-operation CPU times, run after the benchmarks, in this order.
  var measurements: [GroupMeasurement] = []
  /// Why the group cannot run on this machine (its products are not built), or `nil` when it
  /// can: checked before the group's benchmarks and measurements, which are skipped then.
  var unavailable: (@MainActor () -> String?)? = nil

  /// The names of the group's benchmarks and measurements, which `--filter` selects from.
  @MainActor
  var names: [String] { benchmarks().map(\.name) + measurements.map(\.name) }

  /// Every group, in the order `benchmarks` without arguments runs them.
  ///
  @MainActor
  static var all: [BenchmarkGroup] { [.core, .app, .host] }
}
