/// The host group's per-operation targets: what attaching front ends, and clients of the
/// host's socket, cost an action.
enum HostTargets {
  /// Reports the cost of an action with three front ends attached, and with 64 clients,
  /// against none.
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
        goal: "The cost of one action with 3 front ends attached against 0 (reported).",
        isMet: true,
        evidence: "\(Int(library)) ns vs \(Int(baseline)) ns: "
          + "\(TextFormat.fixed(result.ratio, decimals: 2))x (each front end renders the change into a file)"
      )
    ] + checks
  }
}
