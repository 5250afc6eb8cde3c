import TicTacToeAppCore

/// Rewinding: the whole state tree put back to an earlier state, from every front end at once.
extension FrontEndHost {
  /// The revision of the current state (see ``StateHistory``).
  public var revision: UInt64 { history.revision }

  /// Puts the game back to the state it had at `revision`: effects in flight are cancelled and
  /// every front end redraws. Fails if that revision is no longer kept (or never was).
  public func rewind(toRevision revision: UInt64) -> Result<Void, HostCallError> {
    history.target(revision: revision).map { rewind(to: $0) }
  }

  /// Puts the game on screen back to the state before its last move.
  public func undoMove() -> Result<Void, HostCallError> {
    history.beforeLastMove().map { rewind(to: $0) }
  }

  private func rewind(to state: TicTacToe.State) {
    store.rewind(to: state)
    recorder?.recordRewind()
  }
}
