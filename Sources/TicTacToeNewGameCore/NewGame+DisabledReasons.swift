extension NewGame {
  /// Why the new-game screen ignores an action, as a value that front ends and the host word.
  public enum DisabledReason: Equatable, Sendable {
    /// A game needs both players' names.
    case playersUnnamed
  }
}

extension NewGame.State {
  /// Why `action` would change nothing now, or `nil` if it would be carried out. The presented
  /// game's actions are the game's to judge (`Game.State.whyDisabled(_:)`).
  ///
  /// The reducer ignores such an action by itself; this says why.
  public func whyDisabled(_ action: NewGame.Action) -> NewGame.DisabledReason? {
    guard case .letsPlayButtonTapped = action, !isLetsPlayButtonEnabled else { return nil }
    return .playersUnnamed
  }
}
