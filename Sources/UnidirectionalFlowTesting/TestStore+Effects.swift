import Testing
import UnidirectionalFlow

// Waiting for a store's effects, which never sleeps.
extension TestStore {
  /// Waits for every effect to finish (up to ``timeout``), then checks that nothing is left
  /// unasserted. Call it at the end of a test whose effects are still running.
  ///
  /// - Parameter sourceLocation: Where a failure is reported: the call's line, unless given.
  public func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
    let finished = await waitUntil { store.effectsInFlight == 0 }
    didFinish = true
    guard isExhaustive else {
      skipRemaining(at: sourceLocation)
      store.cancelEffects()
      return
    }
    if !finished {
      fail(
        "\(store.effectsInFlight) effect(s) still running after \(timeout). Every effect must "
          + "finish (or be cancelled) before the end of the test; advance the test clock or "
          + "cancel it.", at: sourceLocation)
      // Wait for the cancelled effects to end. They were reported once, here, even if they
      // take longer than `timeout` to end (on a loaded machine, under a sanitizer).
      await skipInFlightEffects()
    }
    checkCompletion(sourceLocation: sourceLocation, checkingEffects: finished)
  }

  /// Cancels every effect still running, so the test can end without waiting for them.
  public func skipInFlightEffects() async {
    store.cancelEffects()
    _ = await waitUntil { store.effectsInFlight == 0 }
  }

  /// Yields to other tasks until `condition` holds or ``timeout`` passes; never sleeps.
  func waitUntil(_ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !condition() {
      if clock.now >= deadline { return false }
      await Task.yield()
    }
    return true
  }
}
