import TicTacToeFrontEndABI

/// The screen a renderer draws: the topmost presented feature.
public enum Screen: Equatable {
  /// The login form.
  case login(LoginScreen)
  /// The two-factor form, presented over login.
  case twoFactor(TwoFactorScreen, login: LoginScreen?)
  /// Player names, before a game.
  case newGame(NewGameScreen)
  /// A game in progress or finished.
  case game(GameScreen)
}

/// The login screen, copied out of `ttt_login_state`.
public struct LoginScreen: Equatable {
  public var email = ""
  public var passwordLength = 0
  public var isFormValid = false
  public var isLoginRequestInFlight = false
  public var alertTitle: String?
  public var isTwoFactorPresented = false
  public var isLoginButtonEnabled = false
  public var isActivityIndicatorVisible = false
  public var isFormDisabled = false

  /// An empty login form.
  public init() {}

  init(_ state: ttt_login_state) {
    email = String(cString: state.email)
    passwordLength = state.password_length
    isFormValid = state.is_form_valid
    isLoginRequestInFlight = state.is_login_request_in_flight
    alertTitle = state.alert_title.map { String(cString: $0) }
    isTwoFactorPresented = state.is_two_factor_presented
    isLoginButtonEnabled = state.is_login_button_enabled
    isActivityIndicatorVisible = state.is_activity_indicator_visible
    isFormDisabled = state.is_form_disabled
  }
}

/// The two-factor screen, copied out of `ttt_two_factor_state`.
public struct TwoFactorScreen: Equatable {
  public var tokenLength = 0
  public var code = ""
  public var isFormValid = false
  public var isTwoFactorRequestInFlight = false
  public var alertTitle: String?
  public var isSubmitButtonEnabled = false
  public var isActivityIndicatorVisible = false
  public var isFormDisabled = false

  init(_ state: ttt_two_factor_state) {
    tokenLength = state.token_length
    code = String(cString: state.code)
    isFormValid = state.is_form_valid
    isTwoFactorRequestInFlight = state.is_two_factor_request_in_flight
    alertTitle = state.alert_title.map { String(cString: $0) }
    isSubmitButtonEnabled = state.is_submit_button_enabled
    isActivityIndicatorVisible = state.is_activity_indicator_visible
    isFormDisabled = state.is_form_disabled
  }
}

/// The new-game screen, copied out of `ttt_new_game_state`.
public struct NewGameScreen: Equatable {
  public var oPlayerName = ""
  public var xPlayerName = ""
  public var isGamePresented = false
  public var isLetsPlayButtonEnabled = false
  /// The scoreboard's players with a win, most wins first, then by name.
  public var standings: [Standing] = []
  /// The games that ended in a tie.
  public var ties = 0

  /// One line of the scoreboard: a player's name and the games they won.
  public struct Standing: Equatable, Sendable {
    /// The player's name, as typed on the new-game screen.
    public var name: String
    /// The games this player won.
    public var wins: Int
  }

  /// Whether no game has been counted yet: front ends show no scoreboard then.
  public var isScoreboardEmpty: Bool { standings.isEmpty && ties == 0 }

  init(_ state: ttt_new_game_state) {
    oPlayerName = String(cString: state.o_player_name)
    xPlayerName = String(cString: state.x_player_name)
    isGamePresented = state.is_game_presented
    isLetsPlayButtonEnabled = state.is_lets_play_button_enabled
    ties = Int(state.ties)
    if let base = UnsafeRawPointer(state.standings), state.standing_size > 0 {
      standings = (0..<state.standing_count).map { index in
        let entry = (base + index * state.standing_size).assumingMemoryBound(to: ttt_standing.self)
        return Standing(name: String(cString: entry.pointee.name), wins: Int(entry.pointee.wins))
      }
    }
  }
}

/// A player, or an empty cell.
public enum Mark: UInt32, Equatable {
  /// An empty cell.
  case none = 0
  /// Player X.
  case x = 1
  /// Player O.
  case o = 2

  /// "X", "O" or " ".
  public var symbol: String {
    switch self {
    case .none: " "
    case .x: "X"
    case .o: "O"
    }
  }
}

/// The game screen, copied out of `ttt_game_state`.
public struct GameScreen: Equatable {
  /// `board[row][column]`.
  public var board: [[Mark]]
  public var currentPlayer: Mark
  public var oPlayerName: String
  public var xPlayerName: String
  public var winner: Mark
  public var isTied: Bool
  public var isBoardDisabled: Bool
  public var isPlayAgainButtonVisible: Bool
  public var title: String
  /// The title of the quit confirmation ("Quit this game?") while it is shown: the board then
  /// takes no taps, and only "Quit" (`TTT_ACTION_GAME_ALERT_CONFIRM_QUIT`) or "Keep playing"
  /// (`TTT_ACTION_GAME_ALERT_DISMISS`) is taken.
  public var alertTitle: String?

  init(_ state: ttt_game_state) {
    let rows = [state.board.0, state.board.1, state.board.2]
    board = rows.map { row in
      [row.0, row.1, row.2].map { Mark(rawValue: UInt32($0)) ?? .none }
    }
    currentPlayer = Mark(rawValue: state.current_player) ?? .none
    oPlayerName = String(cString: state.o_player_name)
    xPlayerName = String(cString: state.x_player_name)
    winner = Mark(rawValue: state.winner) ?? .none
    isTied = state.is_tied
    isBoardDisabled = state.is_board_disabled
    isPlayAgainButtonVisible = state.is_play_again_button_visible
    title = String(cString: state.title)
    alertTitle = state.alert_title.map { String(cString: $0) }
  }
}
