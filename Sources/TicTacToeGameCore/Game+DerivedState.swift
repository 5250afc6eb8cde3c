extension Game.State {
  /// The player who completed a line, if any.
  public var winner: Player? { board.winner }

  /// The marks placed so far, from 0 on an empty board to 9 on a full one: the number of the
  /// turn that is being played is one more.
  public var moveCount: Int { board.reduce(0) { count, row in count + row.count { $0 != nil } } }

  /// Whether the board is full with no winner.
  public var isTied: Bool { winner == nil && board.isFilled }

  /// Whether the game has ended, won or tied: quitting it asks nothing, and the new-game
  /// screen counts it on its scoreboard.
  public var isOver: Bool { winner != nil || board.isFilled }

  /// Whether cells no longer accept taps: the game is over.
  public var isBoardDisabled: Bool { isOver }

  /// Whether to offer "Play again?": the game is over.
  public var isPlayAgainButtonVisible: Bool { isOver }

  /// The name of the player whose turn it is.
  public var currentPlayerName: String { name(of: currentPlayer) }

  /// The headline: `Winner! Congrats <name>!`, `Tied game!`, or
  /// `<current player's name>, place your <mark>`.
  public var title: String {
    if let winner {
      return "Winner! Congrats \(name(of: winner))!"
    }
    if isTied {
      return "Tied game!"
    }
    return "\(currentPlayerName), place your \(currentPlayer.mark)"
  }

  /// The name of `player` in this game.
  public func name(of player: Player) -> String {
    switch player {
    case .o: oPlayerName
    case .x: xPlayerName
    }
  }
}
