import FrontEndKit
import TicTacToeFrontEndABI

/// Parses one command line of the text front end against the screen it applies to.
enum CommandParser {
  /// What a valid command asks for.
  enum Intent: Equatable {
    /// A tagged action, with its text payload if any.
    case action(ttt_action_tag, text: String?)
    /// A move, 0-based.
    case cell(row: Int, column: Int)
  }

  /// The intent of `command argument`, or a one-line explanation of what is wrong.
  static func parse(command: String, argument: String, screen: Screen) -> Outcome {
    let lowered = command.lowercased()
    switch screen {
    case .login(let login):
      if login.alertTitle != nil, lowered == "ok" {
        return .success(.action(TTT_ACTION_LOGIN_ALERT_DISMISS, text: nil))
      }
      switch lowered {
      case "email": return .success(.action(TTT_ACTION_LOGIN_SET_EMAIL, text: argument))
      case "password": return .success(.action(TTT_ACTION_LOGIN_SET_PASSWORD, text: argument))
      case "login":
        return login.isLoginButtonEnabled
          ? .success(.action(TTT_ACTION_LOGIN_BUTTON_TAPPED, text: nil))
          : .failure(
            login.isLoginRequestInFlight
              ? "already logging in; wait for the answer" : "enter an email and a password first")
      default: return unknown(ScreenText.commands(for: screen))
      }
    case .twoFactor(let twoFactor, _):
      if twoFactor.alertTitle != nil, lowered == "ok" {
        return .success(.action(TTT_ACTION_TWO_FACTOR_ALERT_DISMISS, text: nil))
      }
      switch lowered {
      case "code": return .success(.action(TTT_ACTION_TWO_FACTOR_SET_CODE, text: argument))
      case "submit":
        return twoFactor.isSubmitButtonEnabled
          ? .success(.action(TTT_ACTION_TWO_FACTOR_SUBMIT_BUTTON_TAPPED, text: nil))
          : .failure(
            twoFactor.isTwoFactorRequestInFlight
              ? "already submitting; wait for the answer" : "the code needs at least 4 characters")
      case "back": return .success(.action(TTT_ACTION_TWO_FACTOR_DISMISS, text: nil))
      default: return unknown(ScreenText.commands(for: screen))
      }
    case .newGame(let newGame):
      switch lowered {
      case "x": return .success(.action(TTT_ACTION_NEW_GAME_SET_X_PLAYER_NAME, text: argument))
      case "o": return .success(.action(TTT_ACTION_NEW_GAME_SET_O_PLAYER_NAME, text: argument))
      case "play":
        return newGame.isLetsPlayButtonEnabled
          ? .success(.action(TTT_ACTION_NEW_GAME_LETS_PLAY_BUTTON_TAPPED, text: nil))
          : .failure("name both players first: x NAME, o NAME")
      case "logout": return .success(.action(TTT_ACTION_NEW_GAME_LOGOUT_BUTTON_TAPPED, text: nil))
      default: return unknown(ScreenText.commands(for: screen))
      }
    case .game(let game):
      switch lowered {
      case "again":
        return game.isPlayAgainButtonVisible
          ? .success(.action(TTT_ACTION_GAME_PLAY_AGAIN_BUTTON_TAPPED, text: nil))
          : .failure("the game is not over yet")
      case "quit": return .success(.action(TTT_ACTION_GAME_QUIT_BUTTON_TAPPED, text: nil))
      default: return move(command, argument, game)
      }
    }
  }

  /// A parse result: an intent, or a message.
  enum Outcome: Equatable {
    case success(Intent)
    case failure(String)
  }

  private static func move(_ command: String, _ argument: String, _ game: GameScreen) -> Outcome {
    let parts = ([command] + argument.split(separator: " ").map(String.init))
    guard parts.count == 2, let row = Int(parts[0]), let column = Int(parts[1]) else {
      return unknown(ScreenText.commands(for: .game(game)))
    }
    guard (1...3).contains(row), (1...3).contains(column) else {
      return .failure("row and column go from 1 to 3, e.g. \"2 3\"")
    }
    if game.isBoardDisabled { return .failure("the game is over: type again or quit") }
    guard game.board[row - 1][column - 1] == .none else {
      return .failure("row \(row), column \(column) is taken")
    }
    return .success(.cell(row: row - 1, column: column - 1))
  }

  private static func unknown(_ commands: String) -> Outcome {
    // The word itself is not echoed: a password typed on a line of its own would be.
    .failure("unknown command; \(commands)")
  }
}
