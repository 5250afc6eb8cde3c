import UnidirectionalFlow
import UnidirectionalFlowMacros

/// A count of moves: the smallest game a user's `GameCore` could hold.
@Reducer
public struct Game {
  /// The moves played so far.
  public struct State: Equatable, Sendable {
    /// How many moves were played.
    public var moves = 0
    /// Creates a game with no move played.
    public init() {}
  }

  /// What a player does.
  public enum Action: Equatable, Sendable {
    /// A player moved.
    case moved
  }

  /// Creates the feature.
  public init() {}

  /// Counts each move.
  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .moved:
        state.moves += 1
        return .none
      }
    }
  }
}
