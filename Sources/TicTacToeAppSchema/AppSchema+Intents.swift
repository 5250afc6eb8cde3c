import TicTacToeAppCore
import TicTacToeFrontEndABI
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import TicTacToeTwoFactorCore
import UnidirectionalFlow

extension AppSchema {
  /// Every user intent, in catalog order: the one list from which the ABI's catalog and tags,
  /// the action descriptions, JSON-lines, the attach client and the action log derive. A new
  /// intent is one line here (and, for an ABI tag, one in the header).
  ///
  /// Effect-only actions (server responses) are not intents: no front end can send them (see
  /// ``responses``).
  public static let intents: [Intent] = [
    .text(
      "login.view.binding.email", \.login.view.binding.email, TTT_FEATURE_LOGIN,
      TTT_ACTION_LOGIN_SET_EMAIL,
      "Set the email"),
    .text(
      "login.view.binding.password", \.login.view.binding.password, TTT_FEATURE_LOGIN,
      TTT_ACTION_LOGIN_SET_PASSWORD, "Set the password", isSecret: true),
    .button(
      "login.view.loginButtonTapped", \.login.view.loginButtonTapped, TTT_FEATURE_LOGIN,
      TTT_ACTION_LOGIN_BUTTON_TAPPED, "Log in"),
    .button(
      "login.alert.dismiss", \.login.alert.dismiss, TTT_FEATURE_LOGIN,
      TTT_ACTION_LOGIN_ALERT_DISMISS,
      "Dismiss the login alert"),
    .text(
      "login.twoFactor.view.binding.code", \.login.twoFactor.view.binding.code,
      TTT_FEATURE_TWO_FACTOR,
      TTT_ACTION_TWO_FACTOR_SET_CODE, "Set the second-factor code"),
    .button(
      "login.twoFactor.view.submitButtonTapped", \.login.twoFactor.view.submitButtonTapped,
      TTT_FEATURE_TWO_FACTOR, TTT_ACTION_TWO_FACTOR_SUBMIT_BUTTON_TAPPED, "Submit the code"),
    .button(
      "login.twoFactor.alert.dismiss", \.login.twoFactor.alert.dismiss, TTT_FEATURE_TWO_FACTOR,
      TTT_ACTION_TWO_FACTOR_ALERT_DISMISS, "Dismiss the two-factor alert"),
    .button(
      "login.twoFactor.dismiss", \.login.twoFactor.dismiss, TTT_FEATURE_TWO_FACTOR,
      TTT_ACTION_TWO_FACTOR_DISMISS, "Back out of two-factor"),
    .text(
      "newGame.binding.oPlayerName", \.newGame.binding.oPlayerName, TTT_FEATURE_NEW_GAME,
      TTT_ACTION_NEW_GAME_SET_O_PLAYER_NAME, "Name player O"),
    .text(
      "newGame.binding.xPlayerName", \.newGame.binding.xPlayerName, TTT_FEATURE_NEW_GAME,
      TTT_ACTION_NEW_GAME_SET_X_PLAYER_NAME, "Name player X"),
    .button(
      "newGame.letsPlayButtonTapped", \.newGame.letsPlayButtonTapped, TTT_FEATURE_NEW_GAME,
      TTT_ACTION_NEW_GAME_LETS_PLAY_BUTTON_TAPPED, "Start a game"),
    .button(
      "newGame.logoutButtonTapped", \.newGame.logoutButtonTapped, TTT_FEATURE_NEW_GAME,
      TTT_ACTION_NEW_GAME_LOGOUT_BUTTON_TAPPED, "Log out"),
    .cell(
      "newGame.game.cellTapped", \.newGame.game.cellTapped, TTT_FEATURE_GAME,
      TTT_ACTION_GAME_CELL_TAPPED,
      "Place a mark"),
    .button(
      "newGame.game.playAgainButtonTapped", \.newGame.game.playAgainButtonTapped, TTT_FEATURE_GAME,
      TTT_ACTION_GAME_PLAY_AGAIN_BUTTON_TAPPED, "Play again"),
    .button(
      "newGame.game.quitButtonTapped", \.newGame.game.quitButtonTapped, TTT_FEATURE_GAME,
      TTT_ACTION_GAME_QUIT_BUTTON_TAPPED, "Quit the game"),
    .button(
      "newGame.game.alert.confirmQuitButtonTapped", \.newGame.game.alert.confirmQuitButtonTapped,
      TTT_FEATURE_GAME, TTT_ACTION_GAME_ALERT_CONFIRM_QUIT,
      "Quit the game in progress (the quit confirmation's \"Quit\")"),
    .button(
      "newGame.game.alert.dismiss", \.newGame.game.alert.dismiss, TTT_FEATURE_GAME,
      TTT_ACTION_GAME_ALERT_DISMISS, "Keep playing (dismiss the quit confirmation)"),
    .button(
      "newGame.game.dismiss", \.newGame.game.dismiss, TTT_FEATURE_GAME, TTT_ACTION_GAME_DISMISS,
      "Close the game"),
  ]

  /// The intent named `casePath`, or `nil` if there is none.
  public static func intent(named casePath: String) -> Intent? {
    intentIndexByName[casePath].map { intents[$0] }
  }

  /// The intent `action` is, or `nil` for an effect's action (a server response).
  public static func intent(of action: TicTacToe.Action) -> Intent? {
    intents.first { $0.matches(action) }
  }

  /// Built once, at first use.
  private static let intentIndexByName = Dictionary(
    uniqueKeysWithValues: intents.enumerated().map { ($0.element.casePath, $0.offset) })
}

extension AppSchema.Intent {
  /// A button: no arguments.
  fileprivate static func button(
    _ casePath: String, _ path: CaseKeyPath<TicTacToe.Action, Void>, _ feature: ttt_feature,
    _ tag: ttt_action_tag, _ summary: String
  ) -> Self {
    Self(
      casePath, path, feature: feature, tag: tag, summary: summary, arguments: [],
      values: { _ in [] }, payload: { _ in () })
  }

  /// A text field's new value, as the argument `value`.
  fileprivate static func text(
    _ casePath: String, _ path: CaseKeyPath<TicTacToe.Action, String>, _ feature: ttt_feature,
    _ tag: ttt_action_tag, _ summary: String, isSecret: Bool = false
  ) -> Self {
    Self(
      casePath, path, feature: feature, tag: tag, summary: summary,
      arguments: [AppSchema.Argument("value", .text, isSecret: isSecret)],
      values: { [.text($0)] },
      payload: { values in
        guard case .text(let text) = values[0] else { return "" }
        return text
      })
  }

  /// A cell of the board, as the arguments `row` and `column`, each counted from 0.
  fileprivate static func cell(
    _ casePath: String, _ path: CaseKeyPath<TicTacToe.Action, (row: Int, column: Int)>,
    _ feature: ttt_feature, _ tag: ttt_action_tag, _ summary: String
  ) -> Self {
    Self(
      casePath, path, feature: feature, tag: tag, summary: summary,
      arguments: [
        AppSchema.Argument("row", .integer(0...2)),
        AppSchema.Argument("column", .integer(0...2)),
      ],
      values: { [.integer($0.row), .integer($0.column)] },
      payload: { values in
        guard case .integer(let row) = values[0], case .integer(let column) = values[1] else {
          return (0, 0)
        }
        return (row, column)
      })
  }
}
