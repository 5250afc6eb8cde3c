import Foundation

/// Runs whole processes and times them: by the wall clock, and by the CPU time they used.
enum ProcessTimer {
  /// What `median` measured: the median wall-clock seconds, and the CPU seconds of all runs
  /// split into user and system time, per run.
  struct Timing {
    var seconds: Double
    var userSeconds: Double
    var systemSeconds: Double
  }

  /// The median wall-clock seconds of `runs` runs of `executable` with `arguments`, standard
  /// input read from `input` (a file) and standard output discarded, with the mean CPU split.
  static func median(
    runs: Int, _ executable: String, _ arguments: [String], input: String
  ) throws -> Timing {
    var times: [Double] = []
    let before = childrenUsage()
    for _ in 0..<runs {
      times.append(try wallClock(executable, arguments, input: input))
    }
    let after = childrenUsage()
    return Timing(
      seconds: times.sorted()[times.count / 2],
      userSeconds: (after.user - before.user) / Double(runs),
      systemSeconds: (after.system - before.system) / Double(runs))
  }

  /// What one run took: wall-clock seconds, and the CPU seconds of the process (user and
  /// system, of all its threads).
  struct Run {
    var seconds: Double
    var cpuSeconds: Double
  }

  /// Runs `executable` once with `arguments`, standard input read from `input` (a file) and
  /// standard output discarded, and returns what it took. Its CPU time is the child's rusage:
  /// what the children waited for so far used, after its run less before.
  static func run(_ executable: String, _ arguments: [String], input: String) throws -> Run {
    let before = childrenUsage()
    let seconds = try wallClock(executable, arguments, input: input)
    let after = childrenUsage()
    return Run(
      seconds: seconds, cpuSeconds: after.user - before.user + after.system - before.system)
  }

  /// The wall-clock seconds of one run of `executable`, waited for.
  private static func wallClock(
    _ executable: String, _ arguments: [String], input: String
  ) throws -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let start = ContinuousClock.now
    try process.run()
    process.waitUntilExit()
    return seconds(ContinuousClock.now - start)
  }

  /// The user and system CPU seconds of every child waited for so far.
  private static func childrenUsage() -> (user: Double, system: Double) {
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return (seconds(usage.ru_utime), seconds(usage.ru_stime))
  }

  /// The median wall-clock seconds from starting `executable` to the first line of its output
  /// that contains `marker`; its standard input stays open until then, then closes.
  static func medianTimeToFirstLine(
    containing marker: String, runs: Int, _ executable: String, _ arguments: [String]
  ) throws -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      let start = ContinuousClock.now
      try process.run()
      var seen = Data()
      while !String(decoding: seen, as: UTF8.self).contains(marker) {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        seen.append(chunk)
      }
      times.append(seconds(ContinuousClock.now - start))
      try input.fileHandleForWriting.close()
      _ = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
    }
    return times.sorted()[times.count / 2]
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
