/// The host group's targets (issue 16's "target here" column) and reported figures: what
/// attaching front ends, and clients of the host's socket, cost an action, and what the `ansi`
/// front end writes per move.
enum HostTargets {
  /// One action with `text`, `jsonl` and `ansi` attached costs at most this many times the
  /// same action with none.
  static let threeFrontEndsRatio = 10.0
  /// The most bytes `ansi` writes per move after the first frame, on average over a 9-move
  /// game (checked by ``HostMeasurements``).
  static let ansiBytesPerMove = 40.0
  /// The most resident memory a `--listen` host keeps per client that connected, quit and
  /// closed (checked by ``ConnectionChurn``; it kept about 2 400 bytes while every handle was
  /// kept for the life of the process).
  static let bytesKeptPerClosedConnection = 256.0

  /// Checks the cost of an action with three front ends attached against none, and reports
  /// it with 64 clients.
  @MainActor
  static func check(_ results: [BenchmarkResult]) -> [TargetCheck] {
    var checks: [TargetCheck] = []
    if let result = results.first(where: { $0.name == "Host.Action.64Clients" }) {
      let library = result.library.nanosecondsPerOperation
      let baseline = result.baseline.nanosecondsPerOperation
      checks.append(
        TargetCheck(
          goal: "The cost of one action with 64 idle clients attached (--listen) against 0 "
            + "(reported).",
          isMet: true,
          evidence: "\(Int(library)) ns vs \(Int(baseline)) ns: "
            + "\(TextFormat.fixed(result.ratio, decimals: 2))x (each client is sent an action and "
            + "a state event per action)"))
    }
    guard let result = results.first(where: { $0.name == "Host.Action.3FrontEnds" }) else {
      return checks
    }
    let library = result.library.nanosecondsPerOperation
    let baseline = result.baseline.nanosecondsPerOperation
    return [
      TargetCheck(
        goal: "One action with 3 front ends attached within "
          + "\(TextFormat.fixed(threeFrontEndsRatio, decimals: 0))x of the action with none.",
        isMet: result.ratio <= threeFrontEndsRatio,
        evidence: "\(Int(library)) ns vs \(Int(baseline)) ns: "
          + "\(TextFormat.fixed(result.ratio, decimals: 2))x (each front end renders the change into a file)"
      )
    ] + checks
  }
}
