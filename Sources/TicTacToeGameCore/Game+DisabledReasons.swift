extension Game {
  /// Why the game ignores an action, as a value: each front end words it for people (rows and
  /// columns from 1 where it shows them so), and the host words it once for the ABI.
  public enum DisabledReason: Equatable, Sendable {
    /// The quit confirmation is shown, and everything under it waits for an answer.
    case quitConfirmationShown
    /// The tapped cell is not on the board (`row` and `column` as the action counts them,
    /// from 0).
    case cellOutsideBoard(row: Int, column: Int)
    /// The game is over: the player called `winnerName` won.
    case gameWon(winnerName: String)
    /// The game is over: it is a tie.
    case gameTied
    /// The tapped cell already holds a mark (`row` and `column` counted from 0, as the board
    /// stores them).
    case cellTaken(row: Int, column: Int)
  }
}

extension Game.State {
  /// Why `action` would change nothing now, or `nil` if it would be carried out.
  ///
  /// The reducer ignores such an action by itself; this says why, so that a front end (and the
  /// host, which refuses it with this reason) can tell the player instead of doing nothing.
  public func whyDisabled(_ action: Game.Action) -> Game.DisabledReason? {
    if alert != nil, action.isUnderTheAlert { return .quitConfirmationShown }
    switch action {
    case .cellTapped(let row, let column):
      guard (0...2).contains(row), (0...2).contains(column) else {
        return .cellOutsideBoard(row: row, column: column)
      }
      if let winner { return .gameWon(winnerName: name(of: winner)) }
      if isTied { return .gameTied }
      if board[row][column] != nil { return .cellTaken(row: row, column: column) }
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
