import TicTacToeAppCore
import TicTacToeFrontEndABI
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import TicTacToeTwoFactorCore
import UnidirectionalFlow

// Secrets: the password and the two-factor token. Only their lengths cross the ABI, and the
// JSON-lines state writes them as "" or "<redacted>". The two-factor code is not a secret:
// the user reads it off another device and it is shown as typed (the header's "Secrets").

extension AppSchema {
  /// Every field reflection describes, screen after screen, each screen's in the order of its
  /// JSON-lines object. Built once, at first use.
  public static let fields: [FieldInfo] =
    rootFields.map(\.info) + loginFields.map(\.info) + twoFactorFields.map(\.info)
    + newGameFields.map(\.info) + gameFields.map(\.info)

  /// The root's fields (`ttt_root_state`); the revision and the replay's progress are the
  /// host's, not the app's, and are not reflected.
  public static let rootFields: [Field<TicTacToe.State>] = {
    let field = FieldMaker<TicTacToe.State, ttt_root_state>(feature: TTT_FEATURE_ROOT)
    let shown = Presentation<TicTacToe.State>(
      values: {
        switch $0 {
        case .login(let login): values(of: login, loginFields, feature: TTT_FEATURE_LOGIN)
        case .newGame(let newGame):
          values(of: newGame, newGameFields, feature: TTT_FEATURE_NEW_GAME)
        }
      },
      restore: { state, shown in
        switch shown?.feature {
        case TTT_FEATURE_LOGIN?: state = .login(restore(Login.State(), loginFields, from: shown!))
        case TTT_FEATURE_NEW_GAME?:
          state = .newGame(restore(NewGame.State(), newGameFields, from: shown!))
        default: break
        }
      })
    return [
      field.feature(
        "active", \.active, json: JSONMember("active", TTT_JSON_ACTIVE),
        session: SessionMember("screen", .screen),
        screens: [TTT_FEATURE_LOGIN, TTT_FEATURE_NEW_GAME],
        shown
      ) {
        switch $0 {
        case .login: TTT_FEATURE_LOGIN
        case .newGame: TTT_FEATURE_NEW_GAME
        }
      }
    ]
  }()

  /// The login screen's fields (`ttt_login_state`).
  public static let loginFields: [Field<Login.State>] = {
    // A session restores the login screen with its email and alert, and the password to type
    // again; a session saved during two-factor comes back to the login screen.
    let field = FieldMaker<Login.State, ttt_login_state>(
      feature: TTT_FEATURE_LOGIN,
      notSaved: [
        "is_form_valid", "is_login_request_in_flight", "is_two_factor_presented",
        "is_login_button_enabled", "is_activity_indicator_visible", "is_form_disabled",
      ])
    let twoFactor = presenting(
      TTT_FEATURE_TWO_FACTOR, { twoFactorFields }, get: { (login: Login.State) in login.twoFactor },
      set: { $0.twoFactor = $1 },
      // The token is fixed when the screen is made.
      make: { TwoFactor.State(token: $0.text("token_length")) })
    return [
      field.string("email", \.email, json: JSONMember("email"), session: SessionMember("email")) {
        $0.email
      } set: {
        $0.email = $1
      },
      field.secret(
        "password_length", \.password_length, json: JSONMember("password", TTT_JSON_SECRET)
      ) {
        $0.password
      } set: {
        $0.password = $1
      },
      field.bool("is_form_valid", \.is_form_valid, json: JSONMember("isFormValid")) {
        $0.isFormValid
      } set: {
        $0.isFormValid = $1
      },
      field.bool(
        "is_login_request_in_flight", \.is_login_request_in_flight,
        json: JSONMember("isLoginRequestInFlight"), request: "the login request"
      ) {
        $0.isLoginRequestInFlight
      } set: {
        $0.isLoginRequestInFlight = $1
      },
      field.optionalString(
        "alert_title", \.alert_title, json: JSONMember("alert.title"),
        session: SessionMember("alert", optional: true)
      ) {
        $0.alert.map { String(state: $0.title) }
      } set: {
        $0.alert = $1.map { AlertState(title: TextState($0)) }
      },
      field.presented(
        "is_two_factor_presented", \.is_two_factor_presented,
        json: JSONMember("twoFactor", TTT_JSON_PRESENTED, presents: TTT_FEATURE_TWO_FACTOR),
        twoFactor
      ) { $0.twoFactor != nil },
      field.bool("is_login_button_enabled", \.is_login_button_enabled, derived: true, json: nil) {
        $0.isLoginButtonEnabled
      },
      field.bool(
        "is_activity_indicator_visible", \.is_activity_indicator_visible, derived: true,
        json: nil
      ) { $0.isActivityIndicatorVisible },
      field.bool("is_form_disabled", \.is_form_disabled, derived: true, json: nil) {
        $0.isFormDisabled
      },
    ]
  }()

  /// The two-factor screen's fields (`ttt_two_factor_state`).
  public static let twoFactorFields: [Field<TwoFactor.State>] = {
    let field = FieldMaker<TwoFactor.State, ttt_two_factor_state>(
      feature: TTT_FEATURE_TWO_FACTOR, isSaved: false)
    return [
      field.secret("token_length", \.token_length, json: JSONMember("token", TTT_JSON_SECRET)) {
        $0.token
      },
      field.string("code", \.code, json: JSONMember("code")) {
        $0.code
      } set: {
        $0.code = $1
      },
      field.bool("is_form_valid", \.is_form_valid, json: JSONMember("isFormValid")) {
        $0.isFormValid
      } set: {
        $0.isFormValid = $1
      },
      field.bool(
        "is_two_factor_request_in_flight", \.is_two_factor_request_in_flight,
        json: JSONMember("isTwoFactorRequestInFlight"), request: "the two-factor request"
      ) {
        $0.isTwoFactorRequestInFlight
      } set: {
        $0.isTwoFactorRequestInFlight = $1
      },
      field.optionalString("alert_title", \.alert_title, json: JSONMember("alert.title")) {
        $0.alert.map { String(state: $0.title) }
      } set: {
        $0.alert = $1.map { AlertState(title: TextState($0)) }
      },
      field.bool(
        "is_submit_button_enabled", \.is_submit_button_enabled, derived: true, json: nil
      ) { $0.isSubmitButtonEnabled },
      field.bool(
        "is_activity_indicator_visible", \.is_activity_indicator_visible, derived: true,
        json: nil
      ) { $0.isActivityIndicatorVisible },
      field.bool("is_form_disabled", \.is_form_disabled, derived: true, json: nil) {
        $0.isFormDisabled
      },
    ]
  }()

  /// The new-game screen's fields (`ttt_new_game_state`).
  public static let newGameFields: [Field<NewGame.State>] = {
    let field = FieldMaker<NewGame.State, ttt_new_game_state>(feature: TTT_FEATURE_NEW_GAME)
    let game = presenting(
      TTT_FEATURE_GAME, { gameFields }, get: { (newGame: NewGame.State) in newGame.game },
      set: { $0.game = $1 },
      // The players' names are fixed when a game is made.
      make: {
        Game.State(oPlayerName: $0.text("o_player_name"), xPlayerName: $0.text("x_player_name"))
      })
    return [
      field.string(
        "o_player_name", \.o_player_name, json: JSONMember("oPlayerName"),
        session: SessionMember("oPlayerName")
      ) {
        $0.oPlayerName
      } set: {
        $0.oPlayerName = $1
      },
      field.string(
        "x_player_name", \.x_player_name, json: JSONMember("xPlayerName"),
        session: SessionMember("xPlayerName")
      ) {
        $0.xPlayerName
      } set: {
        $0.xPlayerName = $1
      },
      field.presented(
        "is_game_presented", \.is_game_presented,
        json: JSONMember("game", TTT_JSON_PRESENTED, presents: TTT_FEATURE_GAME),
        session: SessionMember("game", .presented), game
      ) { $0.game != nil },
      field.bool(
        "is_lets_play_button_enabled", \.is_lets_play_button_enabled, derived: true, json: nil
      ) { $0.isLetsPlayButtonEnabled },
      field.standings(
        "standings", \.standings, json: JSONMember("scoreboard.standings"),
        session: SessionMember("scoreboard.wins", .wins, optional: true)
      ) {
        $0.scoreboard.standings
      } set: {
        $0.scoreboard = Scoreboard(wins: $1, ties: $0.scoreboard.ties)
      },
      field.uint32(
        "ties", \.ties, json: JSONMember("scoreboard.ties"),
        session: SessionMember("scoreboard.ties", .games)
      ) {
        $0.scoreboard.ties
      } set: {
        $0.scoreboard = Scoreboard(wins: $0.scoreboard.wins, ties: $1)
      },
      field.size("standing_count", \.standing_count, json: nil) {
        $0.scoreboard.standings.count
      },
    ]
  }()

  /// The game screen's fields (`ttt_game_state`).
  public static let gameFields: [Field<Game.State>] = {
    let field = FieldMaker<Game.State, ttt_game_state>(feature: TTT_FEATURE_GAME)
    return [
      field.board(
        "board", \.board, json: JSONMember("board", TTT_JSON_PLAYER),
        session: SessionMember("board", .marks)
      ) {
        $0.board[$1][$2]
      } set: {
        $0.board[$1][$2] = $3
      },
      field.player(
        "current_player", \.current_player, json: JSONMember("currentPlayer", TTT_JSON_PLAYER),
        session: SessionMember("currentPlayer", .marks)
      ) {
        $0.currentPlayer
      } set: {
        $0.currentPlayer = $1
      },
      field.string(
        "o_player_name", \.o_player_name, json: JSONMember("oPlayerName"),
        session: SessionMember("oPlayerName")
      ) { $0.oPlayerName },
      field.string(
        "x_player_name", \.x_player_name, json: JSONMember("xPlayerName"),
        session: SessionMember("xPlayerName")
      ) { $0.xPlayerName },
      field.player(
        "winner", \.winner, derived: true, json: JSONMember("winner", TTT_JSON_PLAYER)
      ) { $0.winner },
      field.bool("is_tied", \.is_tied, derived: true, json: JSONMember("isTied")) { $0.isTied },
      field.bool("is_board_disabled", \.is_board_disabled, derived: true, json: nil) {
        $0.isBoardDisabled
      },
      field.bool(
        "is_play_again_button_visible", \.is_play_again_button_visible, derived: true, json: nil
      ) { $0.isPlayAgainButtonVisible },
      field.string("title", \.title, derived: true, json: nil) { $0.title },
      // The game's one alert is the quit confirmation, which the app words.
      field.optionalString(
        "alert_title", \.alert_title, json: JSONMember("alert.title"),
        session: SessionMember("isConfirmingQuit", .flag, optional: true)
      ) {
        $0.alert.map { String(state: $0.title) }
      } set: {
        $0.alert = $1.map { _ in .confirmQuit }
      },
      field.uint32("move_count", \.move_count, derived: true, json: JSONMember("moveCount")) {
        $0.moveCount
      },
    ]
  }()
}
