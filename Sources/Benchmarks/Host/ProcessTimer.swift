import Foundation

/// Runs whole processes and times them by the wall clock.
enum ProcessTimer {
  /// The median wall-clock seconds of `runs` runs of `executable` with `arguments`, standard
  /// input read from `input` (a file) and standard output discarded.
  static func median(
    runs: Int, _ executable: String, _ arguments: [String], input: String
  ) throws -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
      process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      let start = ContinuousClock.now
      try process.run()
      process.waitUntilExit()
      times.append(seconds(ContinuousClock.now - start))
    }
    return times.sorted()[times.count / 2]
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
