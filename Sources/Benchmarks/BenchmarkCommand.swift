/// The `benchmarks` command line: which groups to run and how.
@MainActor
enum BenchmarkCommand {
  /// The usage text printed by `--help`.
  static var usage: String {
    let groups = BenchmarkGroup.all.map {
      "  " + TextFormat.left($0.name, 8) + $0.summary
    }
    let measurements = BenchmarkGroup.all.map {
      "  " + TextFormat.left($0.name, 8)
        + TextFormat.wrapped($0.measurements.map(\.name), width: 80, indent: 10)
    }
    return """
      Usage: benchmarks [GROUP...] [--filter TEXT] [--runs N] [--run-ms MS] [--check]

      Runs the UnidirectionalFlow benchmarks and compares each with a hand-written baseline.
      Build in release: swift run -c release benchmarks core

      Groups (all of them when none is named):
      \(groups.joined(separator: "\n"))

      Measurements, run after a group's benchmarks (--filter selects them by name too):
      \(measurements.joined(separator: "\n"))

      Options:
        --filter TEXT only the benchmarks and measurements whose name starts with TEXT
        --runs N      measured runs per benchmark side; the median is reported (default 9)
        --run-ms MS   approximate CPU time of one run in milliseconds (default 20)
        --check       exit with status 1 if a target is missed
        -h, --help    show this help
      """
  }

  /// Runs the command with `arguments` (without the program name); returns the exit status.
  static func main(arguments: [String]) async -> Int32 {
    var groups: [BenchmarkGroup] = []
    var measurer = Measurer(runs: 9, runDuration: .milliseconds(20))
    var checksTargets = false
    var filter: String?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help":
        print(usage)
        return 0
      case "--check":
        checksTargets = true
      case "--filter":
        guard let value = remaining.popFirst() else {
          return usageError("--filter needs a text to look for in benchmark names.")
        }
        filter = value
      case "--runs", "--run-ms":
        guard let value = remaining.popFirst().flatMap({ Int($0) }), value > 0 else {
          return usageError("\(argument) needs a positive whole number.")
        }
        if argument == "--runs" {
          measurer.runs = value
        } else {
          measurer.runDuration = .milliseconds(value)
        }
      default:
        guard let group = BenchmarkGroup.all.first(where: { $0.name == argument }) else {
          return usageError("Unknown group or option '\(argument)'.")
        }
        groups.append(group)
      }
    }
    if groups.isEmpty { groups = BenchmarkGroup.all }
    if let filter, !groups.contains(where: { $0.names.contains { $0.hasPrefix(filter) } }) {
      return usageError("No benchmark or measurement of the groups run starts with '\(filter)'.")
    }
    let allMet = await run(groups, filter: filter, measurer: measurer)
    return checksTargets && !allMet ? 1 : 0
  }

  /// Runs the benchmarks and measurements of `groups` whose names start with `filter` (all
  /// without one) and prints their results; returns whether every target was met. A group with
  /// nothing selected is left out.
  private static func run(
    _ groups: [BenchmarkGroup], filter: String?, measurer: Measurer
  ) async -> Bool {
    Report.header(
      runs: measurer.runs, runDuration: measurer.runDuration,
      countsAllocations: AllocationCounter.countsRuntimeAllocations())
    let selects = { (name: String) in filter.map(name.hasPrefix) ?? true }
    var allMet = true
    for group in groups {
      let benchmarks = group.benchmarks().filter { selects($0.name) }
      let measurements = group.measurements.filter { selects($0.name) }
      if benchmarks.isEmpty && measurements.isEmpty { continue }
      Report.groupHeader(group, withColumns: !benchmarks.isEmpty)
      if let reason = group.unavailable?() {
        Report.targets(
          [TargetCheck(goal: "The \(group.name) group can run.", isMet: false, evidence: reason)],
          of: group)
        allMet = false
        continue
      }
      var results: [BenchmarkResult] = []
      for benchmark in benchmarks {
        let libraryWorkload = benchmark.library()
        let library = await measurer.measure(libraryWorkload)
        let baseline = await measurer.measure(benchmark.baseline())
        let result = BenchmarkResult(name: benchmark.name, library: library, baseline: baseline)
        Report.result(result)
        if case .async = libraryWorkload { Report.latency(result) }
        results.append(result)
      }
      var checks = group.targets(results)
      for measurement in measurements { checks += measurement.run() }
      Report.targets(checks, of: group)
      allMet = allMet && checks.allSatisfy(\.isMet)
    }
    print("")
    print("(checksum \(BlackHole.checksum))")
    return allMet
  }

  private static func usageError(_ message: String) -> Int32 {
    print("error: \(message)\n")
    print(usage)
    return 2
  }
}
