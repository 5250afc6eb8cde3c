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

  /// The 100 000-action JSON-lines stream with `--session` against none: the saves run on a
  /// thread of their own, each covering every change made while the one before it ran.
  static func sessionStream(_ stream: URL) throws -> TargetCheck {
    let session = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tictactoe-bench-session-\(getpid()).json")
    defer {
      try? FileManager.default.removeItem(at: session)
      try? FileManager.default.removeItem(atPath: session.path + ".lock")
    }
    let arguments = ["--frontend", "jsonl", "--auth-delay", "0"]
    let plain = try ProcessTimer.median(
      runs: 3, BuiltProducts.tictactoe, arguments, input: stream.path)
    let kept = try ProcessTimer.median(
      runs: 3, BuiltProducts.tictactoe, arguments + ["--session", session.path],
      input: stream.path)
    let ratio = kept.seconds / plain.seconds
    let perAction = (kept.seconds - plain.seconds) / Double(streamLength) * 1e6
    print(
      "  JSON-lines, \(streamLength) actions with --session: \(format(kept.seconds)) s, without "
        + "\(format(plain.seconds)) s, ratio \(format(ratio))x (\(format(perAction)) µs more "
        + "per action)")
    let target = HostTargets.sessionRatio
    return TargetCheck(
      goal: "A piped stream with --session within \(format(target))x of the same stream "
        + "without (every state saved before it is shown).",
      isMet: ratio <= target,
      evidence: "\(format(kept.seconds)) s vs \(format(plain.seconds)) s: \(format(ratio))x")
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
