/// The host group's per-operation target: what attaching front ends costs an action.
enum HostTargets {
  /// Reports the cost of an action with three front ends attached against none.
  @MainActor
  static func check(_ results: [BenchmarkResult]) -> [TargetCheck] {
    guard let result = results.first(where: { $0.name == "Host.Action.3FrontEnds" }) else {
      return []
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
    ]
  }
}
