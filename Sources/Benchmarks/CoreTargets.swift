/// The targets of the `core` group.
@MainActor
enum CoreTargets {
  /// The most a send may cost relative to its hand-written baseline.
  static let maximumSendRatio = 20.0

  /// Checks `results` of the core benchmarks against the targets.
  static func check(_ results: [BenchmarkResult]) -> [TargetCheck] {
    func result(_ name: String) -> BenchmarkResult? { results.first { $0.name == name } }
    var checks: [TargetCheck] = []
    if let send = result("Store.Send") {
      checks.append(allocatesNothing(send, goal: "at depth 1"))
    }
    if let leafSend = result("NestedStore.Send"), let rootSend = result("NestedStore.RootSend") {
      checks.append(allocatesNothing(leafSend, rootSend, goal: "at depth 10"))
    }
    if let send = result("Store.Send") {
      checks.append(withinRatio(send))
    }
    if let leafSend = result("NestedStore.Send") {
      checks.append(withinRatio(leafSend))
    }
    if let leafSend = result("NestedStore.Send"), let depth1Send = result("NestedStore.Send.Depth1"),
      let rootSend = result("NestedStore.RootSend")
    {
      checks.append(scopingCostIsFlat(depth1: depth1Send, depth10: leafSend, root: rootSend))
    }
    return checks
  }

  private static func allocatesNothing(_ sends: BenchmarkResult..., goal: String) -> TargetCheck {
    TargetCheck(
      goal: "A synchronous send returning .none allocates nothing \(goal).",
      isMet: sends.allSatisfy { $0.library.allocations == 0 },
      evidence: sends.map {
        "\($0.name): \($0.library.allocations) allocations in \($0.library.operations) sends"
      }.joined(separator: "; "))
  }

  private static func withinRatio(_ send: BenchmarkResult) -> TargetCheck {
    TargetCheck(
      goal: "\(send.name) within \(TextFormat.fixed(maximumSendRatio, decimals: 0))x of its "
        + "hand-written baseline.",
      isMet: send.ratio <= maximumSendRatio,
      evidence: "\(TextFormat.adaptive(send.library.nanosecondsPerOperation)) ns vs "
        + "\(TextFormat.adaptive(send.baseline.nanosecondsPerOperation)) ns: "
        + "\(TextFormat.adaptive(send.ratio))x")
  }

  /// The scoping cost of a send from a store scoped `d` levels deep is what it costs beyond
  /// the root store sending the same, already embedded action (the same reducer work). It does
  /// not grow with depth when the cost at depth 10 stays within twice the cost at depth 1 plus
  /// the noise allowance; a cost that grew with each level would be about ten times it.
  private static func scopingCostIsFlat(
    depth1: BenchmarkResult, depth10: BenchmarkResult, root: BenchmarkResult
  ) -> TargetCheck {
    let rootCost = root.library.nanosecondsPerOperation
    let cost1 = depth1.library.nanosecondsPerOperation - rootCost
    let cost10 = depth10.library.nanosecondsPerOperation - rootCost
    let allowance = max(2, rootCost * 0.03)
    return TargetCheck(
      goal: "Scoping cost per action does not grow with depth.",
      isMet: cost10 <= 2 * max(cost1, 0) + allowance,
      evidence: "cost beyond a root send of the same action: depth 1 "
        + "\(TextFormat.adaptive(cost1)) ns, depth 10 \(TextFormat.adaptive(cost10)) ns "
        + "(root send \(TextFormat.adaptive(rootCost)) ns)")
  }
}
