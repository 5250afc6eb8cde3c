extension NewGame.State {
  /// Why `action` would change nothing now, in words a player reads, or `nil` if it would be
  /// carried out. The presented game's actions are the game's to judge
  /// (`Game.State.whyDisabled(_:)`).
  ///
  /// The reducer ignores such an action by itself; this says why.
  public func whyDisabled(_ action: NewGame.Action) -> String? {
    guard case .letsPlayButtonTapped = action, !isLetsPlayButtonEnabled else { return nil }
    return "name both players first"
  }
}
