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
    if let leafSend = result("NestedStore.Send"),
      let depth1Send = result("NestedStore.Send.Depth1"),
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

  /// The share of run-to-run noise allowed when comparing two benchmarks.
  static let noiseAllowance = 0.05

  /// A send from a store scoped ten levels deep and one from a store scoped one level deep do
  /// the same reducer work (the depth-1 store sends the leaf action embedded by hand in the
  /// other nine levels), so what the first costs beyond the second is what scoping nine levels
  /// deeper adds. It does not grow with depth when that is within the noise allowance.
  private static func scopingCostIsFlat(
    depth1: BenchmarkResult, depth10: BenchmarkResult, root: BenchmarkResult
  ) -> TargetCheck {
    let shallow = depth1.library.nanosecondsPerOperation
    let deep = depth10.library.nanosecondsPerOperation
    let growth = deep - shallow
    let allowance = max(2, shallow * noiseAllowance)
    return TargetCheck(
      goal: "Scoping cost per action does not grow with depth.",
      isMet: growth <= allowance,
      evidence: "same reducer work sent through 10 vs 1 scoped levels: "
        + "\(TextFormat.adaptive(deep)) vs \(TextFormat.adaptive(shallow)) ns, "
        + "+\(TextFormat.adaptive(growth)) ns (\(TextFormat.adaptive(growth / 9)) ns per level; "
        + "allowed \(TextFormat.adaptive(allowance)) ns); root send of the same action "
        + "\(TextFormat.adaptive(root.library.nanosecondsPerOperation)) ns")
  }
}
