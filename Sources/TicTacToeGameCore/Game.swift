import UnidirectionalFlow
import UnidirectionalFlowMacros

/// A game of tic-tac-toe between two named players, X moving first.
///
/// The game owns its rules: a tap on a taken cell, a tap after the game is over, or a tap outside
/// the board changes nothing, whatever the front end does. Everything a front end shows (title,
/// winner, tie, whether the board is disabled) is derived here; see ``State``.
///
/// Quitting a game in progress asks first: ``Action/quitButtonTapped`` then shows ``State/alert``
/// ("Quit this game?"), and only its "Quit" button (``Action/Alert/confirmQuitButtonTapped``)
/// leaves; "Keep playing" dismisses it. A finished game is left at once, since nothing is lost.
/// While the alert is up the board takes no taps.
@Reducer
public struct Game: Sendable {
  /// The board, whose turn it is, the players' names, and the quit confirmation.
  @ObservableState
  public struct State: Equatable, Sendable {
    /// The 3×3 grid of marks, `board[row][column]`.
    public var board: Three<Three<Player?>> = .empty
    /// The player whose turn it is; after a win, the winner.
    public var currentPlayer: Player = .x
    /// The name of the player placing O marks.
    public let oPlayerName: String
    /// The name of the player placing X marks.
    public let xPlayerName: String
    /// The alert asking to confirm quitting a game in progress, while it is shown.
    @Presents public var alert: AlertState<Action.Alert>?

    /// A fresh game between the two named players, X to play.
    public init(oPlayerName: String, xPlayerName: String) {
      self.oPlayerName = oPlayerName
      self.xPlayerName = xPlayerName
    }
  }

  /// What the players can do.
  public enum Action: Equatable, Sendable {
    /// The current player places a mark at `row`, `column` (each in `0...2`).
    case cellTapped(row: Int, column: Int)
    /// Starts a fresh game with the same players.
    case playAgainButtonTapped
    /// Leaves a finished game (the presenting feature receives its `dismiss`), or asks to
    /// confirm leaving one in progress by showing ``State/alert``.
    case quitButtonTapped
    /// An action of the quit confirmation: "Quit" (``Alert/confirmQuitButtonTapped``), or its
    /// dismissal ("Keep playing").
    case alert(PresentationAction<Alert>)

    /// The buttons of the quit confirmation that do something; "Keep playing" only dismisses.
    public enum Alert: Equatable, Sendable {
      /// Leaves the game in progress: the presenting feature receives its `dismiss`.
      case confirmQuitButtonTapped
    }
  }

  @Dependency(\.dismiss) private var dismiss

  /// Creates the reducer.
  public init() {}

  /// The rules of the game, and the quit confirmation presented with `ifLet`.
  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      // The quit confirmation is modal: the board and the buttons under it wait for an answer.
      case .cellTapped where state.alert != nil,
        .playAgainButtonTapped where state.alert != nil,
        .quitButtonTapped where state.alert != nil:
        return .none

      case .cellTapped(let row, let column):
        guard (0...2).contains(row), (0...2).contains(column) else {
          reportIssue(
            "Game received cellTapped(row: \(row), column: \(column)), which is outside the "
              + "board (rows and columns are 0...2); the tap was ignored.",
            severity: .warning)
          return .none
        }
        guard state.board[row][column] == nil, state.board.winner == nil else { return .none }
        state.board[row][column] = state.currentPlayer
        if state.board.winner == nil {
          state.currentPlayer = state.currentPlayer.toggled
        }
        return .none

      case .playAgainButtonTapped:
        state = State(oPlayerName: state.oPlayerName, xPlayerName: state.xPlayerName)
        return .none

      case .quitButtonTapped:
        guard state.isOver else {
          state.alert = .confirmQuit
          return .none
        }
        return .run { [dismiss] _ in await dismiss() }

      case .alert(.presented(.confirmQuitButtonTapped)):
        return .run { [dismiss] _ in await dismiss() }

      case .alert(.dismiss):
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}
