import GameCore
import UnidirectionalFlow
import UnidirectionalFlowMacros

/// The screen where two players enter their names and start a game, which it then presents.
@Reducer
public struct NewGame: Sendable {
  /// The players' names as typed, and the game being played, if any.
  public struct State: Equatable, Sendable {
    /// The name of the player who will place O marks.
    public var oPlayerName = ""
    /// The name of the player who will place X marks.
    public var xPlayerName = ""
    /// The presented game; `nil` while the names are being entered.
    public var game: Game.State?

    /// Creates the state; by default, empty names and no game.
    public init(oPlayerName: String = "", xPlayerName: String = "", game: Game.State? = nil) {
      self.oPlayerName = oPlayerName
      self.xPlayerName = xPlayerName
      self.game = game
    }

    /// Whether "Let's play!" may be tapped: both names are filled in.
    public var isLetsPlayButtonEnabled: Bool {
      !oPlayerName.isEmpty && !xPlayerName.isEmpty
    }
  }

  /// What the players can do on this screen, and the presented game's actions.
  public enum Action: Equatable, Sendable {
    /// A name field changed: `\.binding.oPlayerName` or `\.binding.xPlayerName`.
    case binding(BindingAction<State>)
    /// Starts a game between the two named players.
    ///
    /// The reducer is the trust boundary: front ends are third-party code that may ignore a
    /// disabled button, so while ``State/isLetsPlayButtonEnabled`` is false this action changes
    /// nothing and starts nothing (rather than starting a game with a nameless player).
    case letsPlayButtonTapped
    /// Signs out; handled by the app, which returns to the login screen.
    case logoutButtonTapped
    /// An action of the presented game, or its dismissal.
    case game(PresentationAction<Game.Action>)
  }

  /// Creates the reducer.
  public init() {}

  /// The screen's logic, with the game presented through `ifLet`.
  public var body: some Reducer<State, Action> {
    BindingReducer(action: \.binding)
    Reduce { state, action in
      switch action {
      case .binding:
        return .none

      case .letsPlayButtonTapped:
        guard state.isLetsPlayButtonEnabled else { return .none }
        state.game = Game.State(oPlayerName: state.oPlayerName, xPlayerName: state.xPlayerName)
        return .none

      case .logoutButtonTapped:
        return .none

      case .game:
        return .none
      }
    }
    .ifLet(\.game, action: \.game) { Game() }
  }
}
