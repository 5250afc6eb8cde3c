import GameCore
import UnidirectionalFlow
import UnidirectionalFlowMacros

/// The app: a game, scoped from the app's state and actions.
@Reducer
public struct App {
  /// The app's state: its one game.
  public struct State: Equatable, Sendable {
    /// The game being played.
    public var game = Game.State()
    /// Creates the app with a new game.
    public init() {}
  }

  /// The app's actions: the game's.
  public enum Action: Equatable, Sendable {
    /// An action of the game.
    case game(Game.Action)
  }

  /// Creates the feature.
  public init() {}

  /// Runs the game on its part of the state.
  public var body: some Reducer<State, Action> {
    Scope(state: \.game, action: \.game) { Game() }
  }
}
