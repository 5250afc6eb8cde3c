import Foundation
import FrontEndHost
import TicTacToeAppCore
import UnidirectionalFlow

/// The host's whole-process and byte measurements, each against its reference in one run.
@MainActor
enum HostMeasurements {
  /// How many actions the JSON-lines stream holds.
  static let streamLength = 100_000

  /// The measurements, in the order they run, each named for `--filter`.
  static var all: [GroupMeasurement] {
    [
      .checking("Host.JSONLines") { try withStream(jsonLinesThroughput) },
      .checking("Host.HeapAllocations") { try withStream(heapAllocations) },
      .checking("Host.Session.Stream") { try withStream(sessionStream) },
      .checking("Host.Session.Save", sessionCommit),
      .checking("Host.StartUp", startUp),
      .checking("Host.Signal", signalLatency),
      .checking("Host.Listen.Latency", RemoteLatency.run),
      .checking("Host.Listen.Churn", ConnectionChurn.run),
      .checking("Host.Ansi.BytesPerMove", ansiBytesPerMove),
    ]
  }

  /// Runs `measure` over a file of `streamLength` JSON-lines actions, removed afterwards.
  private static func withStream(_ measure: (URL) throws -> TargetCheck) throws -> TargetCheck {
    let stream = try emailStream()
    defer { try? FileManager.default.removeItem(at: stream) }
    return try measure(stream)
  }

  /// A file of `streamLength` JSON-lines actions, each typing another email.
  private static func emailStream() throws -> URL {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tictactoe-bench-\(getpid()).jsonl")
    var stream = ""
    stream.reserveCapacity(streamLength * 72)
    for index in 0..<streamLength {
      stream += #"{"action":"login.view.binding.email","value":"player\#(index)@example.com"}"#
      stream += "\n"
    }
    try stream.write(to: file, atomically: false, encoding: .utf8)
    return file
  }

  /// JSON-lines: `tictactoe --frontend jsonl` over the 100 000-action `file` against `jq -c .`
  /// reading the same file.
  private static func jsonLinesThroughput(_ file: URL) throws -> TargetCheck {
    let host = try ProcessTimer.median(
      runs: 3, BuiltProducts.tictactoe, ["--frontend", "jsonl", "--auth-delay", "0"],
      input: file.path)
    let jq = try ProcessTimer.median(runs: 3, "/usr/bin/env", ["jq", "-c", "."], input: file.path)
    let ratio = host.seconds / jq.seconds
    print(
      "  JSON-lines, \(streamLength) actions: host \(format(host.seconds)) s "
        + "(\(Int(Double(streamLength) / host.seconds)) actions/s, each answered with an action "
        + "and a state line; CPU user \(format(host.userSeconds)) s, system "
        + "\(format(host.systemSeconds)) s), jq -c . \(format(jq.seconds)) s (user "
        + "\(format(jq.userSeconds)) s, system \(format(jq.systemSeconds)) s), ratio "
        + "\(format(ratio))x")
    return TargetCheck(
      goal: "JSON-lines: the host handles a 100 000-action stream faster than jq merely parses it.",
      isMet: ratio < 1,
      evidence: "\(format(host.seconds)) s vs jq \(format(jq.seconds)) s: \(format(ratio))x")
  }

  /// Heap allocations per JSON-lines action of the host against jq's per line (see
  /// ``HeapAllocations``).
  private static func heapAllocations(_ stream: URL) throws -> TargetCheck {
    let goal = "JSON-lines: the host allocates less per action than jq -c . per line."
    switch try HeapAllocations.perLine(of: stream) {
    case .success(let counts):
      print(
        "  Heap allocations, \(HeapAllocations.lines) JSON-lines actions (valgrind): host "
          + "\(format(counts.host)) per action, jq -c . \(format(counts.jq)) per line")
      return TargetCheck(
        goal: goal, isMet: counts.host < counts.jq,
        evidence: "\(format(counts.host)) vs \(format(counts.jq)) allocations")
    case .failure(let failure):
      print("  Heap allocations per action: not counted (\(failure))")
      return TargetCheck(goal: goal, isMet: false, evidence: "not counted: \(failure)")
    }
  }

  /// SIGTERM to exit while the host's standard output is full and nobody reads it: the host
  /// must act on a signal whatever it is waiting for.
  private static func signalLatency() throws -> TargetCheck {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tictactoe-bench-stall-\(getpid()).jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    try String(repeating: #"{"command":"snapshot"}"# + "\n", count: 200_000)
      .write(to: file, atomically: false, encoding: .utf8)
    var times: [Double] = []
    for _ in 0..<5 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: BuiltProducts.tictactoe)
      process.arguments = ["--frontend", "jsonl"]
      process.standardInput = try FileHandle(forReadingFrom: file)
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      // Wait until the pipe is full: the host now holds output it cannot write.
      var waiting: Int32 = 0
      while waiting < 60_000, process.isRunning {
        _ = ioctl(output.fileHandleForReading.fileDescriptor, UInt(FIONREAD), &waiting)
        _ = poll(nil, 0, 1)
      }
      let start = ContinuousClock.now
      kill(process.processIdentifier, SIGTERM)
      process.waitUntilExit()
      times.append(ProcessTimer.seconds(ContinuousClock.now - start))
    }
    let median = times.sorted()[times.count / 2] * 1000
    print("  SIGTERM with standard output full and unread: exit after \(format(median)) ms")
    return TargetCheck(
      goal: "A signal is acted on within 100 ms while a reader of standard output has stopped.",
      isMet: median <= 100, evidence: "\(format(median)) ms (median of 5)")
  }

  /// Start-up to the first `state` line, against a trivial Swift executable run to its end.
  private static func startUp() throws -> TargetCheck {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tictactoe-bench-trivial-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = directory.appendingPathComponent("main.swift")
    let trivial = directory.appendingPathComponent("trivial")
    try #"print("{\"type\":\"state\"}")"#.write(to: source, atomically: true, encoding: .utf8)
    let compile = Process()
    compile.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    compile.arguments = ["swiftc", "-O", source.path, "-o", trivial.path]
    try compile.run()
    compile.waitUntilExit()
    let marker = #""type":"state""#
    let host = try ProcessTimer.medianTimeToFirstLine(
      containing: marker, runs: 9, BuiltProducts.tictactoe,
      ["--frontend", "jsonl", "--auth-delay", "0"])
    let reference = try ProcessTimer.medianTimeToFirstLine(
      containing: marker, runs: 9, trivial.path, [])
    print(
      "  Start-up to the first state line: host \(format(host * 1000)) ms, trivial Swift "
        + "executable \(format(reference * 1000)) ms, ratio \(format(host / reference))x")
    let target = HostTargets.startUpRatio
    return TargetCheck(
      goal: "Start-up to the first state line within \(format(target))x a trivial Swift "
        + "executable's.",
      isMet: host / reference <= target,
      evidence: "\(format(host * 1000)) ms vs \(format(reference * 1000)) ms: "
        + "\(format(host / reference))x")
  }

  /// Bytes the `ansi` front end writes per move after the first frame, drawing into a file: the
  /// game `AnsiBytesPerMoveTests` pins at 40 at most (in colour, unless `NO_COLOR` is set here).
  private static func ansiBytesPerMove() -> TargetCheck {
    let host = makeBenchmarkHost()
    let store = host.store
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tictactoe-bench-ansi-\(getpid()).out")
    defer { try? FileManager.default.removeItem(at: output) }
    guard
      case .success = host.attach(
        FrontEndSpec("\(BuiltProducts.frontEnd("ansi")):\(output.path)"), ownsTerminal: false)
    else {
      return TargetCheck(goal: "ansi attaches", isMet: false, evidence: "attach failed")
    }
    store.send(.login(.view(.binding(.set(\.email, "blob@pointfree.co")))))
    store.send(.login(.view(.binding(.set(\.password, "password")))))
    store.send(.login(.loginResponse(.success(.init(token: "t", twoFactorRequired: false)))))
    store.send(.newGame(.binding(.set(\.xPlayerName, "Blob"))))
    store.send(.newGame(.binding(.set(\.oPlayerName, "Blub"))))
    store.send(.newGame(.letsPlayButtonTapped))
    host.flushOutputs()
    let before = size(of: output.path)
    // A tied game: nine moves, each changing one cell and the title line.
    let moves = [(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1), (2, 0), (2, 2)]
    for (row, column) in moves {
      store.send(.newGame(.game(.presented(.cellTapped(row: row, column: column)))))
    }
    host.flushOutputs()
    let perMove = Double(size(of: output.path) - before) / Double(moves.count)
    let colours =
      ProcessInfo.processInfo.environment["NO_COLOR", default: ""].isEmpty
      ? "in colour" : "NO_COLOR"
    print(
      "  ansi: \(format(perMove)) bytes per move after the first frame "
        + "(\(moves.count) moves, a tied game, \(colours))")
    let target = HostTargets.ansiBytesPerMove
    return TargetCheck(
      goal:
        "The ansi front end writes at most \(Int(target)) bytes per move after the first frame.",
      isMet: perMove <= target, evidence: "\(format(perMove)) bytes per move")
  }

  private static func size(of path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
  }

  static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}
