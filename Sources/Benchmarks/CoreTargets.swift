/// The targets of the `core` group: the "target here" column of the performance issue.
@MainActor
enum CoreTargets {
  /// The most a send may cost relative to its hand-written baseline.
  static let maximumSendRatio = 20.0
  /// The most a read may cost relative to its hand-written baseline.
  static let maximumAccessRatio = 5.0
  /// The most scoping a store again may cost relative to making the hand-written scope.
  static let maximumScopeRatio = 2.0
  /// The most a send from a scoped store may cost per level of scoping, in nanoseconds.
  static let maximumScopingCostPerLevel = 3.0

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
    for (name, maximum) in [
      ("Store.Send", maximumSendRatio), ("NestedStore.Send", maximumSendRatio),
      ("Store.Access", maximumAccessRatio), ("NestedStore.Access", maximumAccessRatio),
      ("Store.Scope", maximumScopeRatio), ("NestedStore.Scope", maximumScopeRatio),
    ] {
      if let result = result(name) { checks.append(withinRatio(result, maximum)) }
    }
    if let leafSend = result("NestedStore.Send"),
      let depth1Send = result("NestedStore.Send.Depth1"),
      let rootSend = result("NestedStore.RootSend")
    {
      checks.append(scopingCostPerLevel(depth1: depth1Send, depth10: leafSend, root: rootSend))
    }
    return checks
  }

  /// Checks what making scoped stores allocates, and that scoping again returns the same ones.
  static func checkNewScopes() -> [TargetCheck] {
    let counts = NewScopeAllocations.count()
    return [
      TargetCheck(
        goal: "A new scoped store allocates at most one object more than the hand-written scope.",
        isMet: counts.depth1.library <= counts.depth1.baseline + 1
          && counts.leaf.library <= counts.leaf.baseline + 10,
        evidence: "one level: \(counts.depth1.library) vs \(counts.depth1.baseline); "
          + "ten levels: \(counts.leaf.library) vs \(counts.leaf.baseline)"),
      TargetCheck(
        goal: "Scoping the same path again returns the same store and allocates nothing.",
        isMet: counts.returnsSameStores && counts.again == 0,
        evidence: "same stores: \(counts.returnsSameStores ? "yes" : "no"); "
          + "\(counts.again) allocations for ten levels scoped again"),
    ]
  }

  private static func allocatesNothing(_ sends: BenchmarkResult..., goal: String) -> TargetCheck {
    TargetCheck(
      goal: "A synchronous send returning .none allocates nothing \(goal).",
      isMet: sends.allSatisfy { $0.library.allocations == 0 },
      evidence: sends.map {
        "\($0.name): \($0.library.allocations) allocations in \($0.library.operations) sends"
      }.joined(separator: "; "))
  }

  private static func withinRatio(_ result: BenchmarkResult, _ maximum: Double) -> TargetCheck {
    TargetCheck(
      goal: "\(result.name) within \(TextFormat.fixed(maximum, decimals: 0))x of its "
        + "hand-written baseline.",
      isMet: result.ratio <= maximum,
      evidence: "\(TextFormat.adaptive(result.library.nanosecondsPerOperation)) ns vs "
        + "\(TextFormat.adaptive(result.baseline.nanosecondsPerOperation)) ns: "
        + "\(TextFormat.adaptive(result.ratio))x")
  }

  /// A send from a store scoped ten levels deep and one from a store scoped one level deep do
  /// the same reducer work (the depth-1 store sends the leaf action embedded by hand in the
  /// other nine levels), so what the first costs beyond the second, over nine, is what one
  /// level of scoping adds to a send. The goal is 0; the target is
  /// ``maximumScopingCostPerLevel``.
  private static func scopingCostPerLevel(
    depth1: BenchmarkResult, depth10: BenchmarkResult, root: BenchmarkResult
  ) -> TargetCheck {
    let shallow = depth1.library.nanosecondsPerOperation
    let deep = depth10.library.nanosecondsPerOperation
    let perLevel = (deep - shallow) / 9
    return TargetCheck(
      goal: "Scoping costs at most \(TextFormat.adaptive(maximumScopingCostPerLevel)) ns per "
        + "level on a send.",
      isMet: perLevel <= maximumScopingCostPerLevel,
      evidence: "same reducer work sent through 10 vs 1 scoped levels: "
        + "\(TextFormat.adaptive(deep)) vs \(TextFormat.adaptive(shallow)) ns, "
        + "\(TextFormat.adaptive(perLevel)) ns per level; root send of the same action "
        + "\(TextFormat.adaptive(root.library.nanosecondsPerOperation)) ns")
  }
}
