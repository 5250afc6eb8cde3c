import TicTacToeAppCore

/// The targets of the `app` group.
@MainActor
enum AppTargets {
  /// The most an action through the app's store may cost relative to the hand-written switch.
  static let maximumRatio = 5.0
  /// The benchmarks whose action is a synchronous edit, which must allocate nothing.
  static let edits = ["App.LoginEdit", "App.LoginEdit.Host"]

  /// Checks `results` of the app benchmarks against the targets.
  static func check(_ results: [BenchmarkResult]) -> [TargetCheck] {
    var checks: [TargetCheck] = results.map { result in
      TargetCheck(
        goal: "\(result.name) within \(TextFormat.fixed(maximumRatio, decimals: 0))x of the "
          + "hand-written switch.",
        isMet: result.ratio <= maximumRatio,
        evidence: "\(TextFormat.adaptive(result.library.nanosecondsPerOperation)) ns vs "
          + "\(TextFormat.adaptive(result.baseline.nanosecondsPerOperation)) ns: "
          + "\(TextFormat.adaptive(result.ratio))x")
    }
    let editResults = results.filter { edits.contains($0.name) }
    if !editResults.isEmpty {
      checks.append(
        TargetCheck(
          goal: "A synchronous edit through the app's store allocates nothing.",
          isMet: editResults.allSatisfy { $0.library.allocations == 0 },
          evidence: editResults.map {
            "\($0.name): \($0.library.allocations) allocations in \($0.library.operations) actions"
          }.joined(separator: "; ")))
    }
    return checks
  }

  /// Checks that the app's store and the hand-written switch do the same work: each script
  /// leaves both in the same state.
  static func checkSameWork() -> TargetCheck {
    let scripts: [(String, TicTacToe.State, [TicTacToe.Action])] = [
      ("login edits", TicTacToe.State(), AppScript.loginEdits),
      ("a round", AppScript.inGame, AppScript.round + AppScript.round.dropLast()),
      ("a full game", TicTacToe.State(), AppScript.toGame + AppScript.round.dropLast()),
    ]
    let differing = scripts.filter { name, start, actions in
      let store = AppBenchmarks.appStore(start)
      var manual = start
      for action in actions {
        store.send(action)
        ManualApp.apply(action, to: &manual)
      }
      return store.state != manual
    }
    return TargetCheck(
      goal: "The app's store and the hand-written switch end every script in the same state.",
      isMet: differing.isEmpty,
      evidence: differing.isEmpty
        ? "\(scripts.count) scripts compared"
        : "they differ after " + differing.map(\.0).joined(separator: ", "))
  }
}
