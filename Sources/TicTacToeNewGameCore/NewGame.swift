import TicTacToeGameCore
import UnidirectionalFlow
import UnidirectionalFlowMacros

/// The screen where two players enter their names and start a game, which it then presents,
/// and the scoreboard of the games played from it.
///
/// Each finished game is counted exactly once, by a synchronous check here rather than by a
/// delegate action that the game would send through an effect (as the upstream library's users
/// often do): after every action of the presented game, the screen compares the game's
/// ``TicTacToeGameCore/Game/State/isOver`` before and after it, and counts the game that just ended.
/// The count then happens in the same reduction as the winning tap, so every state a front end
/// reads (or a `--session` file saves) has the scoreboard and the finished board agreeing, and
/// replaying an action log or rewinding needs no effect to run to get the count right. Playing
/// again starts a game that counts in turn; quitting never counts a game that was not over.
///
/// Leaving a game (a finished one, or one whose quit was confirmed) takes the game off screen in
/// the reduction of the tap itself, as a parent that handles its child's request does in the
/// upstream library, rather than when the game's `dismiss` effect comes back.
@Reducer
public struct NewGame: Sendable {
  /// The players' names as typed, the game being played, if any, and the scoreboard.
  @ObservableState
  public struct State: Equatable, Sendable {
    /// The name of the player who will place O marks.
    public var oPlayerName = ""
    /// The name of the player who will place X marks.
    public var xPlayerName = ""
    /// The presented game; `nil` while the names are being entered.
    public var game: Game.State?
    /// The wins per player name and the ties of the games finished on this screen.
    public var scoreboard: Scoreboard

    /// Creates the state; by default, empty names, no game and an empty scoreboard.
    public init(
      oPlayerName: String = "", xPlayerName: String = "", game: Game.State? = nil,
      scoreboard: Scoreboard = Scoreboard()
    ) {
      self.oPlayerName = oPlayerName
      self.xPlayerName = xPlayerName
      self.game = game
      self.scoreboard = scoreboard
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

  /// The screen's logic, with the game presented through `ifLet`, and the scoreboard counting
  /// each game as it ends.
  public var body: some Reducer<State, Action> {
    let screen = self.screen
    Reduce { state, action in
      let wasOver = state.game?.isOver
      let effect = screen.reduce(into: &state, action: action)
      if wasOver == false, let game = state.game, game.isOver {
        state.scoreboard.record(winner: game.winner.map { game.name(of: $0) })
      }
      return effect
    }
  }

  /// The screen without the scoreboard: the names, "Let's play!", and the presented game.
  @ReducerBuilder<State, Action>
  private var screen: some Reducer<State, Action> {
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

      // The game leaves through its `dismiss` dependency, an effect that would come back as
      // `game(.dismiss)` only later. Dismissing here, in the same reduction, means no front end
      // ever reads the game that was left (with its alert just closed), and the next intent a
      // script sends meets the new-game screen. The game's dismissal effect is then cancelled,
      // since the game it belonged to is gone.
      case .game(.presented(.quitButtonTapped)) where state.game?.isLeftAtOnce == true,
        .game(.presented(.alert(.presented(.confirmQuitButtonTapped)))):
        state.game = nil
        return .none

      case .game:
        return .none
      }
    }
    .ifLet(\.game, action: \.game) { Game() }
  }
}

extension Game.State {
  /// Whether "Quit" leaves this game without asking: it is over, and no alert waits.
  fileprivate var isLeftAtOnce: Bool { isOver && alert == nil }
}
