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
      "login.view.binding.email", \Login.State.email, TTT_FIELD_LOGIN_EMAIL, TTT_FEATURE_LOGIN,
      TTT_ACTION_LOGIN_SET_EMAIL, "Set the email", embed: { .login(.view(.binding($0))) },
      extract: { if case .login(.view(.binding(let binding))) = $0 { binding } else { nil } }),
    .text(
      "login.view.binding.password", \Login.State.password, TTT_FIELD_LOGIN_PASSWORD,
      TTT_FEATURE_LOGIN,
      TTT_ACTION_LOGIN_SET_PASSWORD, "Set the password", isSecret: true,
      embed: { .login(.view(.binding($0))) },
      extract: { if case .login(.view(.binding(let binding))) = $0 { binding } else { nil } }),
    .button(
      "login.view.loginButtonTapped", .login(.view(.loginButtonTapped)), TTT_FEATURE_LOGIN,
      TTT_ACTION_LOGIN_BUTTON_TAPPED, "Log in"),
    .button(
      "login.alert.dismiss", .login(.alert(.dismiss)), TTT_FEATURE_LOGIN,
      TTT_ACTION_LOGIN_ALERT_DISMISS, "Dismiss the login alert",
      requires: Requirement("alert_title", "no alert is shown on the login screen")),
    .text(
      "login.twoFactor.view.binding.code", \TwoFactor.State.code, TTT_FIELD_TWO_FACTOR_CODE,
      TTT_FEATURE_TWO_FACTOR,
      TTT_ACTION_TWO_FACTOR_SET_CODE, "Set the second-factor code",
      embed: { .login(.twoFactor(.presented(.view(.binding($0))))) },
      extract: {
        if case .login(.twoFactor(.presented(.view(.binding(let binding))))) = $0 {
          binding
        } else {
          nil
        }
      }),
    .button(
      "login.twoFactor.view.submitButtonTapped",
      .login(.twoFactor(.presented(.view(.submitButtonTapped)))), TTT_FEATURE_TWO_FACTOR,
      TTT_ACTION_TWO_FACTOR_SUBMIT_BUTTON_TAPPED, "Submit the code"),
    .button(
      "login.twoFactor.alert.dismiss", .login(.twoFactor(.presented(.alert(.dismiss)))),
      TTT_FEATURE_TWO_FACTOR, TTT_ACTION_TWO_FACTOR_ALERT_DISMISS, "Dismiss the two-factor alert",
      requires: Requirement("alert_title", "no alert is shown on the two-factor screen")),
    .button(
      "login.twoFactor.dismiss", .login(.twoFactor(.dismiss)), TTT_FEATURE_TWO_FACTOR,
      TTT_ACTION_TWO_FACTOR_DISMISS, "Back out of two-factor"),
    .text(
      "newGame.binding.oPlayerName", \NewGame.State.oPlayerName,
      TTT_FIELD_NEW_GAME_O_PLAYER_NAME, TTT_FEATURE_NEW_GAME,
      TTT_ACTION_NEW_GAME_SET_O_PLAYER_NAME, "Name player O", embed: { .newGame(.binding($0)) },
      extract: { if case .newGame(.binding(let binding)) = $0 { binding } else { nil } }),
    .text(
      "newGame.binding.xPlayerName", \NewGame.State.xPlayerName,
      TTT_FIELD_NEW_GAME_X_PLAYER_NAME, TTT_FEATURE_NEW_GAME,
      TTT_ACTION_NEW_GAME_SET_X_PLAYER_NAME, "Name player X", embed: { .newGame(.binding($0)) },
      extract: { if case .newGame(.binding(let binding)) = $0 { binding } else { nil } }),
    .button(
      "newGame.letsPlayButtonTapped", .newGame(.letsPlayButtonTapped), TTT_FEATURE_NEW_GAME,
      TTT_ACTION_NEW_GAME_LETS_PLAY_BUTTON_TAPPED, "Start a game"),
    .button(
      "newGame.logoutButtonTapped", .newGame(.logoutButtonTapped), TTT_FEATURE_NEW_GAME,
      TTT_ACTION_NEW_GAME_LOGOUT_BUTTON_TAPPED, "Log out"),
    .cell(
      "newGame.game.cellTapped", TTT_FEATURE_GAME, TTT_ACTION_GAME_CELL_TAPPED, "Place a mark",
      embed: { .newGame(.game(.presented(.cellTapped(row: $0, column: $1)))) },
      extract: {
        if case .newGame(.game(.presented(.cellTapped(let row, let column)))) = $0 {
          (row, column)
        } else {
          nil
        }
      }),
    .button(
      "newGame.game.playAgainButtonTapped", .newGame(.game(.presented(.playAgainButtonTapped))),
      TTT_FEATURE_GAME, TTT_ACTION_GAME_PLAY_AGAIN_BUTTON_TAPPED, "Play again"),
    .button(
      "newGame.game.quitButtonTapped", .newGame(.game(.presented(.quitButtonTapped))),
      TTT_FEATURE_GAME, TTT_ACTION_GAME_QUIT_BUTTON_TAPPED, "Quit the game"),
    .button(
      "newGame.game.alert.confirmQuitButtonTapped",
      .newGame(.game(.presented(.alert(.presented(.confirmQuitButtonTapped))))),
      TTT_FEATURE_GAME, TTT_ACTION_GAME_ALERT_CONFIRM_QUIT,
      "Quit the game in progress (the quit confirmation's \"Quit\")", requires: quitConfirmation),
    .button(
      "newGame.game.alert.dismiss", .newGame(.game(.presented(.alert(.dismiss)))),
      TTT_FEATURE_GAME, TTT_ACTION_GAME_ALERT_DISMISS,
      "Keep playing (dismiss the quit confirmation)", requires: quitConfirmation),
    .button(
      "newGame.game.dismiss", .newGame(.game(.dismiss)), TTT_FEATURE_GAME,
      TTT_ACTION_GAME_DISMISS, "Close the game"),
  ]

  /// What the quit confirmation's two buttons need: the game's one alert.
  private static let quitConfirmation = Requirement(
    "alert_title", "no quit confirmation is shown on the game screen")

  /// The intent named `casePath`, or `nil` if there is none.
  public static func intent(named casePath: String) -> Intent? {
    intentIndexByName[casePath].map { intents[$0] }
  }

  /// The intent `action` is, or `nil` for an effect's action (a server response).
  public static func intent(of action: TicTacToe.Action) -> Intent? {
    intents.first { $0.matches(action) }
  }

  /// The intent `action` is, with its argument values, or `nil` for an effect's action: one
  /// pass that reads the values as it finds the intent.
  public static func intentAndValues(
    of action: TicTacToe.Action
  ) -> (intent: Intent, values: Values)? {
    for intent in intents {
      if let values = intent.values(of: action) { return (intent, values) }
    }
    return nil
  }

  /// The intent that sets the text field `field` (`ttt_host_api.edit_text`'s field), or `nil`
  /// for a number that names none.
  public static func intent(editing field: ttt_text_field) -> Intent? {
    intents.first { $0.textField?.field == field }
  }

  /// Built once, at first use.
  private static let intentIndexByName = Dictionary(
    uniqueKeysWithValues: intents.enumerated().map { ($0.element.casePath, $0.offset) })
}

extension AppSchema.Intent {
  /// A button: no arguments; `action` is its whole case path.
  fileprivate static func button(
    _ casePath: String, _ action: TicTacToe.Action, _ feature: ttt_feature,
    _ tag: ttt_action_tag, _ summary: String, requires requirement: AppSchema.Requirement? = nil
  ) -> Self {
    Self(
      casePath, feature: feature, tag: tag, summary: summary, requirement: requirement,
      arguments: [],
      embed: { _ in action }, extract: { $0 == action ? AppSchema.Values() : nil },
      test: { $0 == action })
  }

  /// A text field's new value, as the argument `value`: a binding of `field` (the ABI's
  /// `textField`, which `edit_text` edits), which `embed` wraps into the app action and
  /// `extract` finds in one.
  fileprivate static func text<Root>(
    _ casePath: String, _ field: WritableKeyPath<Root, String> & Sendable,
    _ textField: ttt_text_field, _ feature: ttt_feature, _ tag: ttt_action_tag,
    _ summary: String, isSecret: Bool = false,
    embed: @escaping @Sendable (BindingAction<Root>) -> TicTacToe.Action,
    extract: @escaping @Sendable (TicTacToe.Action) -> BindingAction<Root>?
  ) -> Self {
    Self(
      casePath, feature: feature, tag: tag, summary: summary,
      arguments: [AppSchema.Argument("value", .text, isSecret: isSecret)],
      editing: AppSchema.TextField(textField) { ($0 as? Root)?[keyPath: field] },
      embed: { value in
        guard case .text(let text) = value(0) else { preconditionFailure("checked by make") }
        return embed(.set(field, text))
      },
      extract: { action in
        guard let text = extract(action)?.value(at: field) else { return nil }
        return AppSchema.Values(.text(text))
      },
      test: { action in extract(action)?.keyPath == field })
  }

  /// A cell of the board, as the arguments `row` and `column`, each counted from 0.
  fileprivate static func cell(
    _ casePath: String, _ feature: ttt_feature, _ tag: ttt_action_tag, _ summary: String,
    embed: @escaping @Sendable (Int, Int) -> TicTacToe.Action,
    extract: @escaping @Sendable (TicTacToe.Action) -> (Int, Int)?
  ) -> Self {
    Self(
      casePath, feature: feature, tag: tag, summary: summary,
      arguments: [
        AppSchema.Argument("row", .integer(0...2)), AppSchema.Argument("column", .integer(0...2)),
      ],
      embed: { value in
        guard case .integer(let row) = value(0), case .integer(let column) = value(1) else {
          preconditionFailure("checked by make")
        }
        return embed(row, column)
      },
      extract: { action in
        extract(action).map { AppSchema.Values(.integer($0.0), .integer($0.1)) }
      },
      test: { extract($0) != nil })
  }
}
