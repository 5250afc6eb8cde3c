/// One of the two players of a game.
public enum Player: Hashable, Sendable, CaseIterable {
  /// The player who places O marks; plays second.
  case o
  /// The player who places X marks; plays first.
  case x

  /// The mark a front end draws for this player: `"X"` or `"O"`.
  public var mark: String {
    switch self {
    case .o: "O"
    case .x: "X"
    }
  }

  /// The other player, whose turn comes next.
  public var toggled: Player {
    switch self {
    case .o: .x
    case .x: .o
    }
  }
}
