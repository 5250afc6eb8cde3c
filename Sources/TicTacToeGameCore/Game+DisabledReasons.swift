extension Game.State {
  /// Why `action` would change nothing now, in words a player reads, or `nil` if it would be
  /// carried out.
  ///
  /// The reducer ignores such an action by itself; this says why, so that a front end (and the
  /// host, which refuses it with this reason) can tell the player instead of doing nothing.
  /// A message counts rows and columns from 1, as the board labels them (`cellTapped(row: 1,
  /// column: 2)` on a taken cell is "row 2, column 3 is taken"); the action counts from 0.
  public func whyDisabled(_ action: Game.Action) -> String? {
    if alert != nil, action.isUnderTheAlert {
      return "answer the alert first: quit, or keep playing"
    }
    switch action {
    case .cellTapped(let row, let column):
      guard (0...2).contains(row), (0...2).contains(column) else {
        return
          "cellTapped(row: \(row), column: \(column)) is outside the board (an action counts rows "
          + "and columns from 0 to 2)"
      }
      if let winner { return "the game is over: \(name(of: winner)) won" }
      if isTied { return "the game is over: it is a tie" }
      if board[row][column] != nil { return "row \(row + 1), column \(column + 1) is taken" }
      return nil
    case .playAgainButtonTapped, .quitButtonTapped, .alert:
      return nil
    }
  }
}

extension Game.Action {
  /// Whether this is a tap on the screen under the quit confirmation, which waits while it is
  /// shown.
  fileprivate var isUnderTheAlert: Bool {
    switch self {
    case .cellTapped, .playAgainButtonTapped, .quitButtonTapped: true
    case .alert: false
    }
  }
}
