import FrontEndKit
import TerminalUI

/// Builds the whole frame for a screen: header, the screen's lines placed by ``Layout``, an
/// alert box (or the help) over them, and the status line. Smaller terminals lose the header,
/// then spacing and explanations; below ``minimumSize`` the frame only says how much room it
/// needs, rather than a board or a form with parts missing.
enum ScreenComposer {
  /// The smallest terminal every screen fits in whole: the forms' fields are 42 columns wide,
  /// and the game needs its title, board, "Play again?" and the status line.
  static let minimumSize = TerminalSize(columns: 42, rows: 9)

  /// Whether a terminal of `size` shows the screens; below ``minimumSize`` it only says how
  /// much room it needs, and keys wait until it grows.
  static func fits(_ size: TerminalSize) -> Bool {
    size.columns >= minimumSize.columns && size.rows >= minimumSize.rows
  }

  /// The frame showing `screen` with the front end's focus, cursor and status line.
  static func frame(for screen: Screen, interface: InterfaceState, size: TerminalSize) -> Frame {
    var frame = Frame(columns: size.columns, rows: size.rows)
    guard size.rows > 0, size.columns > 0 else { return frame }
    guard fits(size) else {
      let text = "terminal too small (need \(minimumSize.columns)×\(minimumSize.rows))"
      let lines = text.wrapped(toWidth: size.columns)
      let top = max(0, (size.rows - lines.count) / 2)
      for (offset, line) in lines.enumerated() {
        frame.put(
          line, row: top + offset, column: max(0, (size.columns - line.terminalWidth) / 2),
          style: Theme.message)
      }
      return frame
    }
    let hasHeader = size.rows >= 8
    let hasStatus = size.rows >= 3
    let content = (hasHeader ? 1 : 0)..<(hasStatus ? size.rows - 1 : size.rows)
    let width = Layout.usableWidth(columns: size.columns)
    if hasHeader {
      Chrome.header(for: ScreenKind(screen), replay: interface.replay, in: &frame)
    }
    let lines: [Line]
    var alert: String?
    var alertHint = AlertBox.dismissHint
    switch screen {
    case .login(let login):
      lines = LoginView.lines(
        login, focus: interface.loginFocus, caret: interface.caret,
        spinner: interface.spinner.frame, width: width)
      alert = login.alertTitle
    case .twoFactor(let twoFactor, _):
      lines = TwoFactorView.lines(
        twoFactor, focus: interface.twoFactorFocus, caret: interface.caret,
        spinner: interface.spinner.frame, width: width)
      alert = twoFactor.alertTitle
    case .newGame(let newGame):
      lines = NewGameView.lines(newGame, focus: interface.newGameFocus, caret: interface.caret)
    case .game(let game):
      let tall = content.count > GameView.lineCount(tall: true)
      lines = GameView.lines(game, cursor: interface.boardCursor, tall: tall, width: width)
      alert = game.alertTitle
      alertHint = AlertBox.quitConfirmationHint
    }
    Layout.place(lines, in: &frame, rows: content)
    if let alert { AlertBox.draw(alert, hint: alertHint, in: &frame, rows: content) }
    if interface.isHelpShown {
      HelpBox.draw(in: &frame, rows: content, listeningPath: interface.listeningPath)
    }
    if hasStatus { Chrome.status(for: screen, interface: interface, in: &frame) }
    return frame
  }
}
