/// What one side of a benchmark costs per operation.
struct Measurement {
  /// The median, over the measured runs, of each run's CPU time divided by its operations.
  let nanosecondsPerOperation: Double
  /// The median, over the measured runs, of each run's wall-clock time divided by its
  /// operations: the latency, which includes waiting for other processes on a busy machine.
  let wallNanosecondsPerOperation: Double
  /// The heap allocations made during all measured runs, counted exactly.
  let allocations: UInt64
  /// The operations performed during all measured runs.
  let operations: Int

  /// The heap allocations per operation.
  var allocationsPerOperation: Double { Double(allocations) / Double(operations) }
}
