import FrontEndKit
import TerminalUI

/// Builds the whole frame for a screen: header, the screen's lines placed by ``Layout``, an
/// alert box over them, and the status line. Small terminals lose the header, then spacing and
/// explanations, then whatever does not fit; nothing is drawn outside the frame.
enum ScreenComposer {
  /// The frame showing `screen` with the front end's focus, cursor and status line.
  static func frame(for screen: Screen, interface: InterfaceState, size: TerminalSize) -> Frame {
    var frame = Frame(columns: size.columns, rows: size.rows)
    guard size.rows > 0, size.columns > 0 else { return frame }
    let hasHeader = size.rows >= 8
    let hasStatus = size.rows >= 3
    let content = (hasHeader ? 1 : 0)..<(hasStatus ? size.rows - 1 : size.rows)
    let width = Layout.usableWidth(columns: size.columns)
    if hasHeader { Chrome.header(for: ScreenKind(screen), in: &frame) }
    let lines: [Line]
    var alert: String?
    switch screen {
    case .login(let login):
      lines = LoginView.lines(login, focus: interface.loginFocus, width: width)
      alert = login.alertTitle
    case .twoFactor(let twoFactor, _):
      lines = TwoFactorView.lines(twoFactor, focus: interface.twoFactorFocus, width: width)
      alert = twoFactor.alertTitle
    case .newGame(let newGame):
      lines = NewGameView.lines(newGame, focus: interface.newGameFocus)
    case .game(let game):
      let tall = content.count > GameView.lineCount(tall: true)
      lines = GameView.lines(game, cursor: interface.boardCursor, tall: tall)
    }
    Layout.place(lines, in: &frame, rows: content)
    if let alert { AlertBox.draw(alert, in: &frame, rows: content) }
    if hasStatus { Chrome.status(for: screen, interface: interface, in: &frame) }
    return frame
  }
}
