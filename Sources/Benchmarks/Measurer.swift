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
/// Runs are timed in CPU time, so that other processes competing for the processors do not
/// inflate them: a synchronous run with the clock of the thread running it, an asynchronous run
/// (which spans threads) with the clock of the whole process. An asynchronous run's wall-clock
/// time is recorded too, as its latency.
@MainActor
struct Measurer {
  /// How many measured runs the median is taken over.
  var runs: Int
  /// How much CPU time one run should take, roughly.
  var runDuration: Duration

  /// The most operations one run may perform, whatever the calibration says.
  private static let maximumIterations = 100_000_000

  /// One run's times and allocations.
  private struct Sample {
    let cpuNanoseconds: Double
    let wallNanoseconds: Double
    let allocations: UInt64
  }

  /// Measures `workload`.
  func measure(_ workload: Workload) async -> Measurement {
    let iterations = await calibratedIterations(workload)
    var cpuPerOperation: [Double] = []
    var wallPerOperation: [Double] = []
    cpuPerOperation.reserveCapacity(runs)
    wallPerOperation.reserveCapacity(runs)
    var allocations: UInt64 = 0
    for _ in 0..<runs {
      let sample = await run(workload, iterations: iterations)
      cpuPerOperation.append(sample.cpuNanoseconds / Double(iterations))
      wallPerOperation.append(sample.wallNanoseconds / Double(iterations))
      allocations += sample.allocations
    }
    return Measurement(
      nanosecondsPerOperation: Self.median(cpuPerOperation),
      wallNanosecondsPerOperation: Self.median(wallPerOperation),
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
      if sample.cpuNanoseconds >= target / 10 || iterations >= Self.maximumIterations {
        let scaled = Double(iterations) * target / max(sample.cpuNanoseconds, 1)
        return Int(min(max(scaled, 1), Double(Self.maximumIterations)))
      }
      iterations *= 4
    }
  }

  /// Runs `workload` once, timing it and counting its allocations.
  private func run(_ workload: Workload, iterations: Int) async -> Sample {
    let clock = ContinuousClock()
    switch workload {
    case .sync(let body):
      let allocationsBefore = AllocationCounter.allocations
      let wallStart = clock.now
      let cpuStart = Self.cpuNanoseconds(CLOCK_THREAD_CPUTIME_ID)
      body(iterations)
      let cpuEnd = Self.cpuNanoseconds(CLOCK_THREAD_CPUTIME_ID)
      let wallEnd = clock.now
      let allocationsAfter = AllocationCounter.allocations
      return Sample(
        cpuNanoseconds: cpuEnd - cpuStart,
        wallNanoseconds: Self.nanoseconds(wallStart.duration(to: wallEnd)),
        allocations: allocationsAfter - allocationsBefore)
    case .async(let body):
      let allocationsBefore = AllocationCounter.allocations
      let wallStart = clock.now
      let cpuStart = Self.cpuNanoseconds(CLOCK_PROCESS_CPUTIME_ID)
      await body(iterations)
      let cpuEnd = Self.cpuNanoseconds(CLOCK_PROCESS_CPUTIME_ID)
      let wallEnd = clock.now
      let allocationsAfter = AllocationCounter.allocations
      return Sample(
        cpuNanoseconds: cpuEnd - cpuStart,
        wallNanoseconds: Self.nanoseconds(wallStart.duration(to: wallEnd)),
        allocations: allocationsAfter - allocationsBefore)
    }
  }

  /// The CPU time `clock` (the calling thread's or the process's) has counted.
  private static func cpuNanoseconds(_ clock: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
  }

  private static func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }

  private static func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
  }
}
