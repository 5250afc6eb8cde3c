extension Store {
  /// How many effect tasks of the whole store tree are running.
  public var effectsInFlight: Int { core.root.effectsInFlight }

  /// How many effect tasks of the whole store tree are running and not cancelled: what a test
  /// store checks at the end of a test, since a cancelled effect is over for it (as upstream's
  /// test store counts it) even while its task winds down.
  package var uncancelledEffectsInFlight: Int { core.root.uncancelledEffectsInFlight }

  /// Returns once no effect of the whole store tree is running, including effects started by
  /// actions those effects send.
  public func awaitEffects() async {
    await core.root.awaitEffects()
  }

  /// Cancels every effect of the whole store tree.
  public func cancelEffects() {
    core.root.cancelEffects()
  }
}
