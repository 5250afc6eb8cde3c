extension Game.State {
  /// Why `action` would change nothing now, in words a player reads, or `nil` if it would be
  /// carried out.
  ///
  /// The reducer ignores such an action by itself; this says why, so that a front end (and the
  /// host, which refuses it with this reason) can tell the player instead of doing nothing.
  /// Rows and columns are counted from 0, as in the action.
  public func whyDisabled(_ action: Game.Action) -> String? {
    switch action {
    case .cellTapped(let row, let column):
      guard (0...2).contains(row), (0...2).contains(column) else {
        return "row \(row), column \(column) is outside the board (rows and columns are 0...2)"
      }
      if let winner { return "the game is over: \(playerName(winner)) won" }
      if isTied { return "the game is over: it is a tie" }
      if board[row][column] != nil { return "row \(row), column \(column) is taken" }
      return nil
    case .playAgainButtonTapped, .quitButtonTapped:
      return nil
    }
  }

  private func playerName(_ player: Player) -> String {
    player == .x ? xPlayerName : oPlayerName
  }
}
