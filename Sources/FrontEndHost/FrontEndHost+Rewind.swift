import AppCore

/// Rewinding: the whole state tree put back to an earlier state, from every front end at once.
extension FrontEndHost {
  /// The revision of the current state (see ``StateHistory``).
  public var revision: UInt64 { history.revision }

  /// Puts the game back to the state it had at `revision`: effects in flight are cancelled and
  /// every front end redraws. Fails if that revision is no longer kept (or never was).
  public func rewind(toRevision revision: UInt64) -> Result<Void, HostCallError> {
    guard let state = history.state(at: revision) else {
      return .failure(
        .unknown(
          "revision \(revision) is not in the history (it keeps the last "
            + "\(StateHistory.capacity) states: \(history.entries[0].revision) to "
            + "\(history.revision))"))
    }
    rewind(to: state)
    return .success(())
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
