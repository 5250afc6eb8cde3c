#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Measures workloads: calibrates how many operations a run needs, then times several runs and
/// counts their allocations.
///
/// A synchronous run is timed with the CPU clock of the thread running it, so that other
/// processes competing for the processors do not inflate it; an asynchronous run spans threads
/// and waits, so it is timed with the wall clock.
@MainActor
struct Measurer {
  /// How many measured runs the median is taken over.
  var runs: Int
  /// How long one run should last, roughly.
  var runDuration: Duration

  /// The most operations one run may perform, whatever the calibration says.
  private static let maximumIterations = 100_000_000

  /// One run's time and allocations.
  private struct Sample {
    let nanoseconds: Double
    let allocations: UInt64
  }

  /// Measures `workload`.
  func measure(_ workload: Workload) async -> Measurement {
    let iterations = await calibratedIterations(workload)
    var nanosecondsPerOperation: [Double] = []
    nanosecondsPerOperation.reserveCapacity(runs)
    var allocations: UInt64 = 0
    for _ in 0..<runs {
      let sample = await run(workload, iterations: iterations)
      nanosecondsPerOperation.append(sample.nanoseconds / Double(iterations))
      allocations += sample.allocations
    }
    nanosecondsPerOperation.sort()
    return Measurement(
      nanosecondsPerOperation: nanosecondsPerOperation[runs / 2],
      allocations: allocations,
      operations: iterations * runs)
  }

  /// The number of operations that makes one run last about ``runDuration``; finding it warms
  /// the workload up.
  private func calibratedIterations(_ workload: Workload) async -> Int {
    let target = Self.nanoseconds(runDuration)
    var iterations = 1
    while true {
      let sample = await run(workload, iterations: iterations)
      if sample.nanoseconds >= target / 10 || iterations >= Self.maximumIterations {
        let scaled = Double(iterations) * target / max(sample.nanoseconds, 1)
        return Int(min(max(scaled, 1), Double(Self.maximumIterations)))
      }
      iterations *= 4
    }
  }

  /// Runs `workload` once, timing it and counting its allocations.
  private func run(_ workload: Workload, iterations: Int) async -> Sample {
    switch workload {
    case .sync(let body):
      let allocationsBefore = AllocationCounter.allocations
      let start = Self.threadCPUNanoseconds()
      body(iterations)
      let end = Self.threadCPUNanoseconds()
      let allocationsAfter = AllocationCounter.allocations
      return Sample(nanoseconds: end - start, allocations: allocationsAfter - allocationsBefore)
    case .async(let body):
      let clock = ContinuousClock()
      let allocationsBefore = AllocationCounter.allocations
      let start = clock.now
      await body(iterations)
      let end = clock.now
      let allocationsAfter = AllocationCounter.allocations
      return Sample(
        nanoseconds: Self.nanoseconds(start.duration(to: end)),
        allocations: allocationsAfter - allocationsBefore)
    }
  }

  /// The CPU time the calling thread has used.
  private static func threadCPUNanoseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
  }

  private static func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}
