import Foundation
import HostIO
import Persistence

/// What `--session` costs: the two ways to make a state durable, side by side, and the
/// JSON-lines stream with a session against none.
extension HostMeasurements {
  /// One durable save, 200 times each way: the whole file replaced (write, `fsync`, `rename`,
  /// `fsync` of the directory, as ``SessionFile`` does) against a record appended to a log and
  /// `fdatasync`ed (what a write-ahead log pays, before its snapshots and compaction).
  static func sessionCommit() throws -> TargetCheck {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tictactoe-bench-session-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let snapshot = Array(
      (#"{"format":"tictactoe-session","version":1,"state":{"screen":"newGame","#
        + #""xPlayerName":"Blob","oPlayerName":"Blub","game":{"xPlayerName":"Blob","#
        + #""oPlayerName":"Blub","board":["X.O",".X.","..."],"currentPlayer":"O"}}}"# + "\n").utf8)
    let rounds = 200
    let file = try SessionFile.open(directory.appendingPathComponent("session").path)
    let replace = try time(rounds) { try file.replace(with: snapshot) }
    let log = open(
      directory.appendingPathComponent("log").path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    defer { close(log) }
    let append = try time(rounds) {
      _ = snapshot.withUnsafeBytes { write(log, $0.baseAddress, $0.count) }
      _ = fdatasync(log)
    }
    print(
      "  Durable save of a session (\(snapshot.count) bytes), median of \(rounds): replace "
        + "(write, fsync, rename, fsync dir) \(format(replace * 1e6)) µs, append to a log + "
        + "fdatasync \(format(append * 1e6)) µs, ratio \(format(replace / append))x")
    return TargetCheck(
      goal: "A durable session save: whole-file replace against a log append (reported).",
      isMet: true,
      evidence: "\(format(replace * 1e6)) µs vs \(format(append * 1e6)) µs: "
        + "\(format(replace / append))x")
  }

  /// The 100 000-action JSON-lines stream with `--session` against none, as the issue states
  /// the cost: the host process's CPU time (user and system, of every thread, the saver's too:
  /// the child's rusage), the two commands alternated run by run so that a busy spell of the
  /// machine falls on both, and their medians compared. The instructions per action (callgrind,
  /// every thread) are printed beside it; the wall clock is reported, not checked.
  static func sessionStream(_ stream: URL) throws -> TargetCheck {
    let session = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tictactoe-bench-session-\(getpid()).json")
    // Each run starts a new session, as the run without one starts a new game.
    let removeSession = {
      try? FileManager.default.removeItem(at: session)
      try? FileManager.default.removeItem(atPath: session.path + ".lock")
    }
    defer { removeSession() }
    let arguments = ["--frontend", "jsonl", "--auth-delay", "0"]
    let kept = arguments + ["--session", session.path]
    var plainRuns: [ProcessTimer.Run] = []
    var keptRuns: [ProcessTimer.Run] = []
    for _ in 0..<sessionRuns {
      plainRuns.append(try ProcessTimer.run(BuiltProducts.tictactoe, arguments, input: stream.path))
      removeSession()
      keptRuns.append(try ProcessTimer.run(BuiltProducts.tictactoe, kept, input: stream.path))
    }
    let plain = median(plainRuns.map(\.cpuSeconds))
    let saved = median(keptRuns.map(\.cpuSeconds))
    let ratio = saved / plain
    let perAction = (saved - plain) / Double(streamLength) * 1e6
    print(
      "  JSON-lines, \(streamLength) actions with --session: host CPU (user + system, every "
        + "thread; median of \(sessionRuns), alternated) \(format(saved)) s, without "
        + "\(format(plain)) s, ratio \(format(ratio))x (\(format(perAction)) µs CPU more per "
        + "action); wall clock \(format(median(keptRuns.map(\.seconds)))) s vs "
        + "\(format(median(plainRuns.map(\.seconds)))) s")
    if let counts = try InstructionCount.perLine(
      of: stream, arguments: [arguments, kept], prepare: removeSession)
    {
      print(
        "  Instructions per JSON-lines action (callgrind, every thread, "
          + "\(InstructionCount.lines) actions): with --session \(Int(counts[1])), without "
          + "\(Int(counts[0])), ratio \(format(counts[1] / counts[0]))x")
    } else {
      print("  Instructions per action with --session: not counted (valgrind or objcopy missing)")
    }
    let target = HostTargets.sessionRatio
    return TargetCheck(
      goal: "A piped stream with --session costs the host at most \(format(target))x the CPU "
        + "of the same stream without (every state saved before it is shown).",
      isMet: ratio <= target,
      evidence: "CPU \(format(saved)) s vs \(format(plain)) s: \(format(ratio))x")
  }

  /// How many times each command of ``sessionStream(_:)`` runs.
  private static let sessionRuns = 5

  private static func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
  }

  private static func time(_ rounds: Int, _ body: () throws -> Void) throws -> Double {
    var times: [Double] = []
    for _ in 0..<rounds {
      let start = ContinuousClock.now
      try body()
      times.append(ProcessTimer.seconds(ContinuousClock.now - start))
    }
    return times.sorted()[rounds / 2]
  }
}
