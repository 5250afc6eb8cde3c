/// One benchmark: an operation done with the library, and the same operation written by hand
/// without it (the baseline, the physical limit the library is compared with).
struct Benchmark {
  /// The name printed in the report, such as `Store.Send`.
  let name: String
  /// Sets up the library's side and returns its measured loop.
  let library: @MainActor () -> Workload
  /// Sets up the hand-written side and returns its measured loop.
  let baseline: @MainActor () -> Workload
}
