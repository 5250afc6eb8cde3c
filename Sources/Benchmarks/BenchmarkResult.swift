/// A benchmark's measurements: the library's and the hand-written baseline's.
struct BenchmarkResult {
  /// The benchmark's name.
  let name: String
  /// What the operation costs with the library.
  let library: Measurement
  /// What the operation costs written by hand.
  let baseline: Measurement

  /// How many times slower the library is than the baseline.
  var ratio: Double { library.nanosecondsPerOperation / baseline.nanosecondsPerOperation }
}
