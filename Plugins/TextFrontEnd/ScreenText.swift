import FrontEndKit

/// Renders a screen as plain text.
enum ScreenText {
  /// Appends the whole screen to `text`, each line ended by a newline: title, fields, board,
  /// alert and the commands available. What the user typed goes in as typed: the caller makes
  /// its control characters visible (see ``VisibleText``).
  ///
  /// Bytes, not strings: a renderer that keeps `text` between changes renders a screen with no
  /// allocation and compares it with the last one byte for byte.
  static func render(_ screen: Screen, into text: inout ScreenBytes) {
    switch screen {
    case .login(let login):
      text.append("== Login ==\nEmail:    ")
      text.append(state: login.email)
      // A fixed mask: the number of stars would tell the password's length.
      text.append(login.passwordLength > 0 ? "\nPassword: ********\n" : "\nPassword: \n")
      if login.isActivityIndicatorVisible { text.append("Logging in...\n") }
      if let alert = login.alertTitle { text.appendAlert(alert, "(type ok)\n") }
    case .twoFactor(let twoFactor, _):
      text.append("== Two-factor authentication ==\nCode: ")
      text.append(state: twoFactor.code)
      text.append("\n")
      if twoFactor.isActivityIndicatorVisible { text.append("Checking the code...\n") }
      if let alert = twoFactor.alertTitle { text.appendAlert(alert, "(type ok)\n") }
    case .newGame(let newGame):
      text.append("== New game ==\nX player: ")
      text.append(state: newGame.xPlayerName)
      text.append("\nO player: ")
      text.append(state: newGame.oPlayerName)
      text.append("\n")
      if !newGame.isScoreboardEmpty { appendScoreboard(newGame, to: &text) }
    case .game(let game):
      text.append("== ")
      text.append(state: game.title)
      text.append(" ==\n      1   2   3\n")
      appendBoard(game.board, to: &text)
      if game.isPlayAgainButtonVisible { text.append("Play again?\n") }
      if let alert = game.alertTitle {
        text.appendAlert(alert, "(type yes to quit the game, no to keep playing)\n")
      }
    }
    text.append("Commands: ")
    text.append(specificCommands(for: screen))
    text.append(", help, quit\n")
  }

  /// The commands of a screen, in one line (the host's and help last).
  static func commands(for screen: Screen) -> String {
    "\(specificCommands(for: screen)), help, quit"
  }

  /// The commands only `screen` takes, in one line.
  private static func specificCommands(for screen: Screen) -> StaticString {
    switch screen {
    case .login(let login):
      login.alertTitle != nil ? "ok" : "email ADDRESS, password PASSWORD, login"
    case .twoFactor(let twoFactor, _):
      twoFactor.alertTitle != nil ? "ok" : "code CODE, submit, back"
    case .newGame:
      "x NAME, o NAME, play, logout"
    case .game(let game) where game.alertTitle != nil:
      "yes, no"
    case .game(let game):
      game.isBoardDisabled ? "again, leave" : "ROW COLUMN (e.g. 2 3), leave"
    }
  }

  /// The board as a 3x3 grid under its column numbers, each row after its number.
  private static func appendBoard(_ board: [[Mark]], to text: inout ScreenBytes) {
    for (index, row) in board.enumerated() {
      if index > 0 { text.append("     ---+---+---\n") }
      text.append("  ")
      text.append(UInt8(ascii: "1") + UInt8(truncatingIfNeeded: index))
      text.append("   ")
      for (column, mark) in row.enumerated() {
        if column > 0 { text.append(" | ") }
        text.append(mark.byte)
      }
      text.append("\n")
    }
  }

  /// The scoreboard on one line: `Scoreboard: Blob 2, Blub 1; ties 1`.
  private static func appendScoreboard(_ newGame: NewGameScreen, to text: inout ScreenBytes) {
    text.append("Scoreboard: ")
    for (index, standing) in newGame.standings.enumerated() {
      if index > 0 { text.append(", ") }
      text.append(state: standing.name)
      text.append(" ")
      text.append(number: standing.wins)
    }
    text.append(newGame.standings.isEmpty ? "ties " : "; ties ")
    text.append(number: newGame.ties)
    text.append("\n")
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

extension Mark {
  /// `symbol`'s one byte: `X`, `O` or a space.
  fileprivate var byte: UInt8 {
    switch self {
    case .none: UInt8(ascii: " ")
    case .x: UInt8(ascii: "X")
    case .o: UInt8(ascii: "O")
    }
  }
}
