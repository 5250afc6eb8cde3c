import Testing
import UnidirectionalFlow

// What the end of a test checks, and how a non-exhaustive store reports what it skips.
extension TestStore {
  /// Whether every change, received action and effect must be asserted.
  var isExhaustive: Bool { exhaustivity == .on }

  /// Whether a non-exhaustive store records what it skipped, as warnings.
  var showsSkippedAssertions: Bool {
    exhaustivity == .off(showSkippedAssertions: true)
  }

  /// What the end of the test checks, unless ``finish(sourceLocation:)`` already did.
  func checkAtRelease() {
    defer { store.cancelEffects() }
    guard !didFinish else { return }
    guard isExhaustive else {
      skipRemaining(at: sourceLocation)
      return
    }
    checkCompletion(sourceLocation: sourceLocation)
  }

  /// Fails for received actions no step asserted and, if `checkingEffects`, for effects still
  /// running that were not cancelled.
  func checkCompletion(sourceLocation: SourceLocation, checkingEffects: Bool = true) {
    if !received.isEmpty {
      fail(unassertedActionsMessage(), at: sourceLocation)
      received.removeAll()
    }
    if checkingEffects, store.uncancelledEffectsInFlight > 0 {
      fail(
        "\(store.uncancelledEffectsInFlight) effect(s) still running at the end of the test. Every effect "
          + "must finish (or be cancelled) before the test ends; await store.finish() or "
          + "cancel it.", at: sourceLocation)
    }
  }

  /// Skips what a non-exhaustive store leaves at the end: received actions not asserted, and
  /// effects still running (which the caller cancels).
  func skipRemaining(at sourceLocation: SourceLocation) {
    if !received.isEmpty {
      skipped(unassertedActionsMessage(), at: sourceLocation)
      state = received.last!.state
      received.removeAll()
    }
    if store.effectsInFlight > 0 {
      skipped(
        "\(store.effectsInFlight) effect(s) still running at the end of the test were cancelled.",
        at: sourceLocation)
    }
  }

  /// Records a failure of the running test at `sourceLocation`.
  nonisolated func fail(_ message: String, at sourceLocation: SourceLocation) {
    recordTestFailure(message, at: sourceLocation)
  }

  /// Shows a check a non-exhaustive store skipped, as a warning, if the test asked for them.
  func skipped(_ message: String, at sourceLocation: SourceLocation) {
    guard showsSkippedAssertions else { return }
    Issue.record(
      Comment(rawValue: "Skipped assertion (exhaustivity is off): " + message),
      severity: .warning, sourceLocation: sourceLocation)
  }
}
