import FrontEndKit
import TerminalUI

/// The frame around the screens: a header bar naming the screen, and a status line at the
/// bottom showing the command line (with the names Tab could complete to above it), a message
/// (up to three rows when long), or the keys of the screen.
enum Chrome {
  /// Draws the header bar on row 0; during a replay, it says so at its right end.
  static func header(for kind: ScreenKind, replay: ReplayStatus?, in frame: inout Frame) {
    let name =
      switch kind {
      case .login: "Login"
      case .twoFactor: "Two-factor authentication"
      case .newGame: "New game"
      case .game: "Game"
      }
    frame.fill(row: 0, column: 0, width: frame.columns, style: Theme.header)
    let used = frame.put(" TicTacToe · \(name)", row: 0, column: 0, style: Theme.header)
    if replay != nil {
      let banner = "▶ REPLAY "
      let column = frame.columns - banner.terminalWidth
      if column > used { frame.put(banner, row: 0, column: column, style: Theme.header) }
    }
  }

  /// Draws the status line on the last row.
  static func status(for screen: Screen, interface: InterfaceState, in frame: inout Frame) {
    let row = frame.rows - 1
    if let command = interface.commandLine {
      let used = frame.put(
        ":" + Widgets.tail(of: command, width: frame.columns - 2), row: row, column: 0)
      frame.put(" ", row: row, column: used, style: Theme.textCursor)
      // The names Tab could complete to, just above the line.
      if let message = interface.message, row > 0 {
        frame.fill(row: row - 1, column: 0, width: frame.columns)
        frame.put(
          Widgets.head(of: message, width: frame.columns), row: row - 1, column: 0,
          style: Theme.message)
      }
    } else if let message = interface.message {
      // A long message (a host's reason naming a path) wraps upwards over the content's last
      // rows, three at most, rather than losing its end.
      let lines = message.wrapped(toWidth: frame.columns).prefix(3)
      for (offset, line) in lines.enumerated() {
        let lineRow = row - (lines.count - 1) + offset
        frame.fill(row: lineRow, column: 0, width: frame.columns)
        frame.put(line, row: lineRow, column: 0, style: Theme.message)
      }
    } else {
      let footer = fitted(keys(for: screen, interface: interface), width: frame.columns)
      frame.put(footer, row: row, column: 0, style: Theme.hint)
    }
  }

  /// `hints` joined with ` · ` after a space, shortened to `width` columns by leaving out whole
  /// hints from the end (never cutting one), with `…` where they were: the last hint, the
  /// way to the help, stays while it fits, since the help lists every key.
  static func fitted(_ hints: [String], width: Int) -> String {
    let line = { (hints: [String]) in " " + hints.joined(separator: " · ") }
    guard line(hints).terminalWidth > width, let last = hints.last else { return line(hints) }
    var kept = Array(hints.dropLast())
    while !kept.isEmpty, line(kept + ["…", last]).terminalWidth > width { kept.removeLast() }
    let shortened = line(kept + ["…", last])
    return shortened.terminalWidth <= width ? shortened : " …"
  }

  /// The keys that work on `screen` now, one hint each; the way to the command line and the
  /// help always shows last (from a text field: escape first).
  static func keys(for screen: Screen, interface: InterfaceState) -> [String] {
    let footer = footer(for: screen, interface: interface)
    // A replay takes no key of the screen: the footer shows how far it has come instead.
    if let replay = footer.replay {
      return [replay.banner, "keys are refused", ":q quits", ": command · ? help"]
    }
    return footer.specific.split(separator: " · ").map(String.init) + [
      "ctrl-c quit", footer.global,
    ]
  }

  /// Everything the keys of the status line are made from: two equal footers show the same
  /// keys, and comparing them costs no string building (the texts are literals).
  struct Footer: Equatable {
    /// The keys of the screen, joined with ` · `.
    var specific: String
    /// The way to the command line and the help.
    var global: String
    /// The replay's progress, which replaces the keys during a replay.
    var replay: ReplayStatus?
  }

  /// The footer of `screen` with the front end's `interface`.
  static func footer(for screen: Screen, interface: InterfaceState) -> Footer {
    let specific: String
    switch screen {
    case .login(let login) where login.alertTitle != nil:
      specific = "enter dismiss"
    case .twoFactor(let twoFactor, _) where twoFactor.alertTitle != nil:
      specific = "enter dismiss"
    case .game(let game) where game.alertTitle != nil:
      specific = AlertBox.quitConfirmationHint
    case .login, .newGame:
      specific = "tab/↑↓ move · type to edit · enter press"
    case .twoFactor:
      specific = "tab move · type the code · enter submit"
    case .game(let game):
      // Once the game is over only what the keys now do changes: enter, space and r play
      // again, and the digits place nothing.
      specific =
        game.isPlayAgainButtonVisible
        ? "←↓↑→/hjkl move · enter/space/r again · q leave game"
        : "←↓↑→/hjkl move · enter/space/1-9 place · q leave game"
    }
    let global =
      interface.isEditingText(on: screen) ? "esc then : command, ? help" : ": command · ? help"
    return Footer(specific: specific, global: global, replay: interface.replay)
  }
}
