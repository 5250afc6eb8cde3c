/// The host group's targets (issue 24's) and reported figures: what attaching front ends, and
/// clients of the host's socket, cost an action, and what the `ansi` front end writes per move.
enum HostTargets {
  /// One action with `text`, `jsonl` and `ansi` attached costs at most this many times the
  /// same action with none.
  static let threeFrontEndsRatio = 5.0
  /// The most host CPU time each client of the host's socket adds to an action, in
  /// nanoseconds.
  static let nanosecondsPerClient = 3000.0
  /// The most bytes `ansi` writes per move after the first frame, on average over a 9-move
  /// game (checked by ``HostMeasurements``).
  static let ansiBytesPerMove = 40.0
  /// Start-up to the first state line within this many times a trivial Swift executable's
  /// (checked by ``HostMeasurements``).
  static let startUpRatio = 2.0
  /// The piped JSON-lines stream with `--session` within this many times the same stream
  /// without (checked by ``HostMeasurements``).
  static let sessionRatio = 1.05
  /// The most resident memory a `--listen` host keeps per client that connected, quit and
  /// closed (checked by ``ConnectionChurn``; it kept about 2 400 bytes while every handle was
  /// kept for the life of the process).
  static let bytesKeptPerClosedConnection = 256.0

  /// Checks the cost of an action with three front ends attached against none, and what each
  /// of 64 clients adds to an action.
  @MainActor
  static func check(_ results: [BenchmarkResult]) -> [TargetCheck] {
    var checks: [TargetCheck] = []
    if let result = results.first(where: { $0.name == "Host.Action.3FrontEnds" }) {
      let library = result.library.nanosecondsPerOperation
      let baseline = result.baseline.nanosecondsPerOperation
      checks.append(
        TargetCheck(
          goal: "One action with 3 front ends attached within "
            + "\(TextFormat.fixed(threeFrontEndsRatio, decimals: 0))x of the action with none.",
          isMet: result.ratio <= threeFrontEndsRatio,
          evidence: "\(Int(library)) ns vs \(Int(baseline)) ns: "
            + "\(TextFormat.fixed(result.ratio, decimals: 2))x (each front end renders the "
            + "change into /dev/null)"))
    }
    if let result = results.first(where: { $0.name == "Host.Action.64Clients" }) {
      let library = result.library.nanosecondsPerOperation
      let baseline = result.baseline.nanosecondsPerOperation
      let perClient = (library - baseline) / Double(RemoteClientsBenchmark.clients)
      checks.append(
        TargetCheck(
          goal: "Each client of the host's socket (--listen) adds at most "
            + "\(TextFormat.fixed(nanosecondsPerClient / 1000, decimals: 0)) µs of host CPU to "
            + "an action.",
          isMet: perClient <= nanosecondsPerClient,
          evidence: "\(Int(library)) ns with \(RemoteClientsBenchmark.clients) clients vs "
            + "\(Int(baseline)) ns with none: \(TextFormat.fixed(perClient / 1000, decimals: 2)) "
            + "µs per client (each is sent an action and a state event per action)"))
    }
    return checks
  }
}
