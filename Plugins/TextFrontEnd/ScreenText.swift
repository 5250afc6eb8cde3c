import FrontEndKit

/// Renders a screen as plain text.
enum ScreenText {
  /// The whole screen: title, fields, board, alert and the commands available.
  static func render(_ screen: Screen) -> String {
    var lines: [String] = []
    switch screen {
    case .login(let login):
      lines.append("== Login ==")
      lines.append("Email:    \(login.email)")
      // A fixed mask: the number of stars would tell the password's length.
      lines.append("Password: \(login.passwordLength > 0 ? "********" : "")")
      if login.isActivityIndicatorVisible { lines.append("Logging in...") }
      if let alert = login.alertTitle { lines.append("Alert: \(alert) (type ok)") }
    case .twoFactor(let twoFactor, _):
      lines.append("== Two-factor authentication ==")
      lines.append("Code: \(twoFactor.code)")
      if twoFactor.isActivityIndicatorVisible { lines.append("Checking the code...") }
      if let alert = twoFactor.alertTitle { lines.append("Alert: \(alert) (type ok)") }
    case .newGame(let newGame):
      lines.append("== New game ==")
      lines.append("X player: \(newGame.xPlayerName)")
      lines.append("O player: \(newGame.oPlayerName)")
      if !newGame.isScoreboardEmpty { lines.append("Scoreboard: " + scoreboard(newGame)) }
    case .game(let game):
      lines.append("== \(game.title) ==")
      lines.append("      1   2   3")
      for (index, row) in game.board.enumerated() {
        if index > 0 { lines.append("     ---+---+---") }
        lines.append("  \(index + 1)   " + row.map(\.symbol).joined(separator: " | "))
      }
      if game.isPlayAgainButtonVisible { lines.append("Play again?") }
      if let alert = game.alertTitle {
        lines.append("Alert: \(alert) (type yes to quit the game, no to keep playing)")
      }
    }
    lines.append("Commands: " + commands(for: screen))
    return lines.joined(separator: "\n")
  }

  /// The commands of a screen, in one line (the host's and help last).
  static func commands(for screen: Screen) -> String {
    let specific: String
    switch screen {
    case .login(let login):
      specific =
        login.alertTitle != nil ? "ok" : "email ADDRESS, password PASSWORD, login"
    case .twoFactor(let twoFactor, _):
      specific = twoFactor.alertTitle != nil ? "ok" : "code CODE, submit, back"
    case .newGame:
      specific = "x NAME, o NAME, play, logout"
    case .game(let game) where game.alertTitle != nil:
      specific = "yes, no"
    case .game(let game):
      specific = game.isBoardDisabled ? "again, leave" : "ROW COLUMN (e.g. 2 3), leave"
    }
    return "\(specific), help, quit"
  }

  /// The scoreboard on one line: `Blob 2, Blub 1; ties 1`.
  static func scoreboard(_ newGame: NewGameScreen) -> String {
    let wins = newGame.standings.map { "\($0.name) \($0.wins)" }.joined(separator: ", ")
    return (wins.isEmpty ? "" : wins + "; ") + "ties \(newGame.ties)"
  }

  /// What `help` shows on `screen`: its commands, one a line, then those of every screen.
  static func help(for screen: Screen, isTerminal: Bool) -> String {
    var lines: [(String, String)]
    switch screen {
    case .game(let game) where game.alertTitle != nil:
      lines = [("yes", "quit the game in progress"), ("no", "keep playing")]
    case _ where screen.alertTitle != nil:
      lines = [("ok", "dismiss the alert")]
    case .login:
      lines = [
        ("email ADDRESS", "set the email (blob@pointfree.co; with 2fa in it, a code follows)"),
        (
          isTerminal ? "password [PASSWORD]" : "password PASSWORD",
          isTerminal
            ? "set the password; alone, type it on the next line unseen" : "set the password"
        ),
        ("login", "log in"),
      ]
    case .twoFactor:
      lines = [
        ("code CODE", "set the code (1234)"), ("submit", "check it"), ("back", "back to login"),
      ]
    case .newGame:
      lines = [
        ("x NAME", "name the X player"), ("o NAME", "name the O player"),
        ("play", "start the game"), ("logout", "back to login"),
      ]
    case .game:
      lines = [
        ("ROW COLUMN", "place a mark: 2 3, 23 or 2,3 (row 2, column 3)"),
        ("again", "play again once the game is over"),
        (
          "leave (or q)",
          "back to the new-game screen (asks first while the game is in progress)"
        ),
        (":undo", "take the last move back (for every front end watching)"),
      ]
    }
    lines += [
      ("quit", "quit tictactoe (also exit, :quit; q where no game is shown)"),
      ("quit!", "quit even with a game in progress, which quit asks about first"),
      (":frontend NAME", "switch to another front end (ansi, jsonl)"),
      (":attach SPEC", "add an observer, e.g. :attach jsonl:events.jsonl"),
      (":detach NAME", "remove an observer"),
      (":listen", "where tictactoe attach finds this game (with --listen)"),
    ]
    let width = lines.map(\.0.count).max() ?? 0
    return lines.map { "  " + $0.0 + String(repeating: " ", count: width - $0.0.count + 2) + $0.1 }
      .joined(separator: "\n")
  }
}
