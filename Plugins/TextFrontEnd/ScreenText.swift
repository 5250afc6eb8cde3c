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
    case .game(let game):
      lines.append("== \(game.title) ==")
      lines.append("      1   2   3")
      for (index, row) in game.board.enumerated() {
        if index > 0 { lines.append("     ---+---+---") }
        lines.append("  \(index + 1)   " + row.map(\.symbol).joined(separator: " | "))
      }
      if game.isPlayAgainButtonVisible { lines.append("Play again?") }
    }
    lines.append(commands(for: screen))
    return lines.joined(separator: "\n")
  }

  /// The commands of a screen, in one line.
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
    case .game(let game):
      specific = game.isBoardDisabled ? "again, quit" : "ROW COLUMN (e.g. 2 3), quit"
    }
    return "Commands: \(specific), :frontend NAME, :attach SPEC, :detach NAME, :quit"
  }
}
