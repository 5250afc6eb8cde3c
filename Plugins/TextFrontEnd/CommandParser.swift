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
    /// Quit the app (`quit`, `exit` on every screen, `q` on those without a game);
    /// `isForced` (`quit!`, `exit!`) quits even with a game in progress.
    case quit(isForced: Bool)
    /// Show the screen's help.
    case help
    /// Read the password from the next line, without echo (`password` alone at a terminal).
    case readPasswordUnseen
  }

  /// A parse result: an intent, or a message.
  enum Outcome: Equatable {
    case success(Intent)
    case failure(String)

    /// Whether it asks to quit the app.
    var isQuit: Bool {
      if case .success(.quit) = self { true } else { false }
    }
  }

  /// The intent of `command argument`, or a one-line explanation of what is wrong.
  /// `isTerminal` says whether standard input is a terminal (then `password` alone asks for
  /// the password without echo).
  static func parse(
    command: String, argument: String, screen: Screen, isTerminal: Bool = false
  ) -> Outcome {
    let lowered = command.lowercased()
    switch lowered {
    case "help", "?", "h": return .success(.help)
    case "quit", "exit": return .success(.quit(isForced: false))
    case "quit!", "exit!": return .success(.quit(isForced: true))
    // `q` leaves what the player is in, as in `ansi`: the game (below), else the app.
    case "q" where !screen.isGame: return .success(.quit(isForced: false))
    default: break
    }
    if case .game(let game) = screen, let alert = game.alertTitle {
      return answer(lowered, toQuitConfirmation: alert)
    }
    if let alert = screen.alertTitle {
      guard lowered == "ok" else {
        return .failure("first dismiss the alert \"\(alert)\": type ok")
      }
      return .success(.action(screen.alertDismissal, text: nil))
    }
    switch screen {
    case .login:
      switch lowered {
      case "email": return required(argument, "email ADDRESS", TTT_ACTION_LOGIN_SET_EMAIL)
      case "password":
        if argument.isEmpty && isTerminal { return .success(.readPasswordUnseen) }
        return required(argument, "password PASSWORD", TTT_ACTION_LOGIN_SET_PASSWORD)
      // The host refuses what the screen does not allow now, and says why.
      case "login": return .success(.action(TTT_ACTION_LOGIN_BUTTON_TAPPED, text: nil))
      default: return unknown(screen)
      }
    case .twoFactor:
      switch lowered {
      case "code": return required(argument, "code CODE", TTT_ACTION_TWO_FACTOR_SET_CODE)
      case "submit": return .success(.action(TTT_ACTION_TWO_FACTOR_SUBMIT_BUTTON_TAPPED, text: nil))
      case "back": return .success(.action(TTT_ACTION_TWO_FACTOR_DISMISS, text: nil))
      default: return unknown(screen)
      }
    case .newGame:
      switch lowered {
      case "x": return required(argument, "x NAME", TTT_ACTION_NEW_GAME_SET_X_PLAYER_NAME)
      case "o": return required(argument, "o NAME", TTT_ACTION_NEW_GAME_SET_O_PLAYER_NAME)
      case "play": return .success(.action(TTT_ACTION_NEW_GAME_LETS_PLAY_BUTTON_TAPPED, text: nil))
      case "logout": return .success(.action(TTT_ACTION_NEW_GAME_LOGOUT_BUTTON_TAPPED, text: nil))
      default: return unknown(screen)
      }
    case .game(let game):
      switch lowered {
      case "again":
        return game.isPlayAgainButtonVisible
          ? .success(.action(TTT_ACTION_GAME_PLAY_AGAIN_BUTTON_TAPPED, text: nil))
          : .failure("the game is not over yet")
      case "leave", "q": return .success(.action(TTT_ACTION_GAME_QUIT_BUTTON_TAPPED, text: nil))
      default: return move(command + " " + argument, game)
      }
    }
  }

  /// A move typed as `2 3`, `23`, `2,3` or `2, 3`: row then column, counted from 1 as the
  /// board shows them. A taken cell or a finished game is the host's to refuse.
  private static func move(_ text: String, _ game: GameScreen) -> Outcome {
    let digits = text.filter { $0 != " " && $0 != "," }
    let separators = text.filter { $0 == "," }
    guard digits.count == 2, separators.count <= 1, digits.allSatisfy(\.isNumber),
      let row = Int(String(digits.first!)), let column = Int(String(digits.last!))
    else {
      return unknown(.game(game))
    }
    guard (1...3).contains(row), (1...3).contains(column) else {
      return .failure("row and column go from 1 to 3, e.g. \"2 3\"")
    }
    return .success(.cell(row: row - 1, column: column - 1))
  }

  /// The answer to the game's two-choice quit confirmation: `yes` quits the game, `no` keeps
  /// playing; anything else says so.
  private static func answer(_ command: String, toQuitConfirmation alert: String) -> Outcome {
    switch command {
    case "yes", "y": .success(.action(TTT_ACTION_GAME_ALERT_CONFIRM_QUIT, text: nil))
    case "no", "n": .success(.action(TTT_ACTION_GAME_ALERT_DISMISS, text: nil))
    default:
      .failure("first answer \"\(alert)\": type yes to quit the game, or no to keep playing")
    }
  }

  /// `tag` with `argument`, or the command's usage when the argument is missing.
  private static func required(
    _ argument: String, _ usage: String, _ tag: ttt_action_tag
  ) -> Outcome {
    argument.isEmpty ? .failure("usage: \(usage)") : .success(.action(tag, text: argument))
  }

  private static func unknown(_ screen: Screen) -> Outcome {
    // The word itself is not echoed: a password typed on a line of its own would be.
    .failure("unknown command; try: \(ScreenText.commands(for: screen))")
  }
}

extension Screen {
  /// Whether this is the game screen, where `q` leaves the game rather than the app.
  fileprivate var isGame: Bool {
    if case .game = self { true } else { false }
  }

  /// The title of the alert shown on this screen, if any.
  var alertTitle: String? {
    switch self {
    case .login(let login): login.alertTitle
    case .twoFactor(let twoFactor, _): twoFactor.alertTitle
    case .game(let game): game.alertTitle
    case .newGame: nil
    }
  }

  /// The action that dismisses this screen's one-button alert (login's or two-factor's).
  fileprivate var alertDismissal: ttt_action_tag {
    if case .twoFactor = self {
      TTT_ACTION_TWO_FACTOR_ALERT_DISMISS
    } else {
      TTT_ACTION_LOGIN_ALERT_DISMISS
    }
  }
}
