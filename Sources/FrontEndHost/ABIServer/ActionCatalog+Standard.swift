import DynamicCall
import TicTacToeAppCore
import TicTacToeFrontEndABI
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import TicTacToeTwoFactorCore
import UnidirectionalFlow

extension ActionCatalog {
  /// The app's user intents: the table of the JSON-lines protocol, with their ABI 1.0 tags.
  public static let standard: ActionCatalog = {
    var catalog = ActionCatalog()
    func text(_ build: @escaping @Sendable (String) -> TicTacToe.Action)
      -> @Sendable ([CValue]) -> Result<TicTacToe.Action, HostCallError>
    {
      { arguments in
        guard case .string(let value?) = arguments.first else {
          return .failure(.invalid("the value is NULL"))
        }
        return .success(build(value))
      }
    }
    func plain(_ action: TicTacToe.Action)
      -> @Sendable ([CValue]) -> Result<TicTacToe.Action, HostCallError>
    {
      { _ in .success(action) }
    }
    let value = [("value", CType.string)]
    catalog.add(
      .init(
        casePath: "login.view.binding.email", feature: .login,
        tag: TTT_ACTION_LOGIN_SET_EMAIL.rawValue, arguments: value, summary: "Set the email",
        make: text { .login(.view(.binding(.set(\.email, $0)))) }))
    catalog.add(
      .init(
        casePath: "login.view.binding.password", feature: .login,
        tag: TTT_ACTION_LOGIN_SET_PASSWORD.rawValue, arguments: value, isSecret: true,
        summary: "Set the password", make: text { .login(.view(.binding(.set(\.password, $0)))) }))
    catalog.add(
      .init(
        casePath: "login.view.loginButtonTapped", feature: .login,
        tag: TTT_ACTION_LOGIN_BUTTON_TAPPED.rawValue, summary: "Log in",
        make: plain(.login(.view(.loginButtonTapped)))))
    catalog.add(
      .init(
        casePath: "login.alert.dismiss", feature: .login,
        tag: TTT_ACTION_LOGIN_ALERT_DISMISS.rawValue, summary: "Dismiss the login alert",
        make: plain(.login(.alert(.dismiss)))))
    catalog.add(
      .init(
        casePath: "login.twoFactor.view.binding.code", feature: .twoFactor,
        tag: TTT_ACTION_TWO_FACTOR_SET_CODE.rawValue, arguments: value,
        summary: "Set the second-factor code",
        make: text { .login(.twoFactor(.presented(.view(.binding(.set(\.code, $0)))))) }))
    catalog.add(
      .init(
        casePath: "login.twoFactor.view.submitButtonTapped", feature: .twoFactor,
        tag: TTT_ACTION_TWO_FACTOR_SUBMIT_BUTTON_TAPPED.rawValue, summary: "Submit the code",
        make: plain(.login(.twoFactor(.presented(.view(.submitButtonTapped)))))))
    catalog.add(
      .init(
        casePath: "login.twoFactor.alert.dismiss", feature: .twoFactor,
        tag: TTT_ACTION_TWO_FACTOR_ALERT_DISMISS.rawValue,
        summary: "Dismiss the two-factor alert",
        make: plain(.login(.twoFactor(.presented(.alert(.dismiss)))))))
    catalog.add(
      .init(
        casePath: "login.twoFactor.dismiss", feature: .twoFactor,
        tag: TTT_ACTION_TWO_FACTOR_DISMISS.rawValue, summary: "Back out of two-factor",
        make: plain(.login(.twoFactor(.dismiss)))))
    catalog.add(
      .init(
        casePath: "newGame.binding.oPlayerName", feature: .newGame,
        tag: TTT_ACTION_NEW_GAME_SET_O_PLAYER_NAME.rawValue, arguments: value,
        summary: "Name player O", make: text { .newGame(.binding(.set(\.oPlayerName, $0))) }))
    catalog.add(
      .init(
        casePath: "newGame.binding.xPlayerName", feature: .newGame,
        tag: TTT_ACTION_NEW_GAME_SET_X_PLAYER_NAME.rawValue, arguments: value,
        summary: "Name player X", make: text { .newGame(.binding(.set(\.xPlayerName, $0))) }))
    catalog.add(
      .init(
        casePath: "newGame.letsPlayButtonTapped", feature: .newGame,
        tag: TTT_ACTION_NEW_GAME_LETS_PLAY_BUTTON_TAPPED.rawValue, summary: "Start a game",
        make: plain(.newGame(.letsPlayButtonTapped))))
    catalog.add(
      .init(
        casePath: "newGame.logoutButtonTapped", feature: .newGame,
        tag: TTT_ACTION_NEW_GAME_LOGOUT_BUTTON_TAPPED.rawValue, summary: "Log out",
        make: plain(.newGame(.logoutButtonTapped))))
    catalog.add(
      .init(
        casePath: "newGame.game.cellTapped", feature: .game,
        tag: TTT_ACTION_GAME_CELL_TAPPED.rawValue,
        arguments: [("row", .int32), ("column", .int32)], summary: "Place a mark",
        make: { arguments in
          guard case .int32(let row) = arguments[0], case .int32(let column) = arguments[1] else {
            return .failure(.invalid("row and column must be integers"))
          }
          guard (0...2).contains(row) else {
            return .failure(
              .invalid(#""row" \#(row) is out of range 0...2 (payloads count from 0)"#))
          }
          guard (0...2).contains(column) else {
            return .failure(
              .invalid(#""column" \#(column) is out of range 0...2 (payloads count from 0)"#))
          }
          return .success(
            .newGame(.game(.presented(.cellTapped(row: Int(row), column: Int(column))))))
        }))
    catalog.add(
      .init(
        casePath: "newGame.game.playAgainButtonTapped", feature: .game,
        tag: TTT_ACTION_GAME_PLAY_AGAIN_BUTTON_TAPPED.rawValue, summary: "Play again",
        make: plain(.newGame(.game(.presented(.playAgainButtonTapped))))))
    catalog.add(
      .init(
        casePath: "newGame.game.quitButtonTapped", feature: .game,
        tag: TTT_ACTION_GAME_QUIT_BUTTON_TAPPED.rawValue, summary: "Quit the game",
        make: plain(.newGame(.game(.presented(.quitButtonTapped))))))
    catalog.add(
      .init(
        casePath: "newGame.game.alert.confirmQuitButtonTapped", feature: .game,
        tag: TTT_ACTION_GAME_ALERT_CONFIRM_QUIT.rawValue,
        summary: "Quit the game in progress (the quit confirmation's \"Quit\")",
        make: plain(.newGame(.game(.presented(.alert(.presented(.confirmQuitButtonTapped))))))))
    catalog.add(
      .init(
        casePath: "newGame.game.alert.dismiss", feature: .game,
        tag: TTT_ACTION_GAME_ALERT_DISMISS.rawValue,
        summary: "Keep playing (dismiss the quit confirmation)",
        make: plain(.newGame(.game(.presented(.alert(.dismiss)))))))
    catalog.add(
      .init(
        casePath: "newGame.game.dismiss", feature: .game,
        tag: TTT_ACTION_GAME_DISMISS.rawValue, summary: "Close the game",
        make: plain(.newGame(.game(.dismiss)))))
    return catalog
  }()
}
