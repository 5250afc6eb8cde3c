import FrontEndKit
import TerminalUI

/// Composes the frame for a screen: header, the screen's lines placed by ``Layout``, an alert
/// box (or the help) over them, and the status line. Smaller terminals lose the header, then
/// spacing and explanations; below ``minimumSize`` the frame only says how much room it needs,
/// rather than a board or a form with parts missing.
///
/// It keeps the frame it composed last and what it was composed from, and redraws only the
/// parts whose inputs changed, into the same cells: a keystroke in the email field redraws
/// that field's line, a move the title's and the board's lines it changed; the header, the
/// status line and the lines that did not change cost a comparison.
struct ScreenComposer {
  /// The smallest terminal every screen fits in whole: the forms' fields are 42 columns wide,
  /// and the game needs its title, board, "Play again?" and the status line.
  static let minimumSize = TerminalSize(columns: 42, rows: 9)

  /// Whether a terminal of `size` shows the screens; below ``minimumSize`` it only says how
  /// much room it needs, and keys wait until it grows.
  static func fits(_ size: TerminalSize) -> Bool {
    size.columns >= minimumSize.columns && size.rows >= minimumSize.rows
  }

  /// The frame as the last ``compose(_:interface:size:)`` left it.
  private(set) var frame = Frame(columns: 0, rows: 0)
  /// What `frame` was composed from; `nil` before the first frame.
  private var drawn: Inputs?
  /// The content's lines as placed in `frame` (under the box, when one covers them).
  private var placed = Layout.PlacedLines()
  /// What the status line's keys were made from.
  private var footer: Chrome.Footer?
  /// The login form's lines that change, kept with what they show.
  private var loginLines = LoginView.Memo()

  /// What a frame is composed from.
  private struct Inputs {
    var screen: Screen
    var interface: InterfaceState
    var size: TerminalSize

    /// Whether these are the inputs given, compared where they are (no copy of either).
    func equal(_ screen: Screen, _ interface: InterfaceState, _ size: TerminalSize) -> Bool {
      self.size == size && self.screen == screen && self.interface == interface
    }
  }

  /// Makes ``frame`` show `screen` with the front end's focus, cursor and status line.
  /// The inputs are the caller's copies, kept once the frame is composed (moved, not copied
  /// again).
  mutating func compose(
    _ screen: consuming Screen, interface: consuming InterfaceState, size: TerminalSize
  ) {
    if drawn?.equal(screen, interface, size) == true { return }
    let last = drawn.take()
    draw(screen, interface: interface, size: size, over: last)
    drawn = Inputs(screen: screen, interface: interface, size: size)
  }

  /// Composes ``frame`` for these inputs over the frame composed from `last`: only the parts
  /// whose inputs changed.
  private mutating func draw(
    _ screen: Screen, interface: InterfaceState, size: TerminalSize, over last: Inputs?
  ) {
    guard Self.fits(size), let last, last.size == size,
      !Self.hasStatusAboveItsRow(last.interface), !Self.hasStatusAboveItsRow(interface)
    else {
      composeAll(screen, interface: interface, size: size)
      return
    }
    let regions = Regions(size)
    if regions.hasHeader,
      ScreenKind(last.screen) != ScreenKind(screen)
        || last.interface.replay != interface.replay
    {
      Chrome.header(for: ScreenKind(screen), replay: interface.replay, in: &frame)
    }
    if Self.isCovered(last.screen, last.interface) || Self.isCovered(screen, interface) {
      clear(regions.content)
      drawContent(screen, interface: interface, in: regions)
    } else {
      // Each row whose line changed, and only those (a row neither has a line on is blank).
      let now = Layout.arrange(
        lines(of: screen, interface: interface, in: regions), in: regions.content)
      for row in now.rows(with: placed).clamped(to: regions.content)
      where !now.hasSameLine(onRow: row, as: placed) {
        clear(row..<row + 1)
        if let line = now[row] { Layout.draw(line, in: &frame, row: row) }
      }
      placed = now
    }
    guard regions.hasStatus else { return }
    let footer = Chrome.footer(for: screen, interface: interface)
    if footer != self.footer || last.interface != interface {
      clear(size.rows - 1..<size.rows)
      Chrome.status(for: screen, interface: interface, in: &frame)
      self.footer = footer
    }
  }

  /// The rows of ``frame`` composed again since the last call (every row of a new frame): the
  /// only ones a renderer that drew the frame as it was then needs to compare.
  mutating func takeChangedRows() -> Range<Int> {
    frame.takeChangedRows()
  }

  /// Composes the whole frame afresh.
  private mutating func composeAll(
    _ screen: Screen, interface: InterfaceState, size: TerminalSize
  ) {
    frame = Frame(columns: size.columns, rows: size.rows)
    placed = Layout.PlacedLines()
    footer = nil
    guard size.rows > 0, size.columns > 0 else { return }
    guard Self.fits(size) else {
      let text = "terminal too small (need \(Self.minimumSize.columns)×\(Self.minimumSize.rows))"
      let lines = text.wrapped(toWidth: size.columns)
      let top = max(0, (size.rows - lines.count) / 2)
      for (offset, line) in lines.enumerated() {
        frame.put(
          line, row: top + offset, column: max(0, (size.columns - line.terminalWidth) / 2),
          style: Theme.message)
      }
      return
    }
    let regions = Regions(size)
    if regions.hasHeader {
      Chrome.header(for: ScreenKind(screen), replay: interface.replay, in: &frame)
    }
    drawContent(screen, interface: interface, in: regions)
    if regions.hasStatus {
      Chrome.status(for: screen, interface: interface, in: &frame)
      footer = Chrome.footer(for: screen, interface: interface)
    }
  }

  /// Draws the content's lines and the box over them, if any, into cleared rows.
  private mutating func drawContent(
    _ screen: Screen, interface: InterfaceState, in regions: Regions
  ) {
    placed = Layout.arrange(
      lines(of: screen, interface: interface, in: regions), in: regions.content)
    for (offset, line) in placed.lines.enumerated() {
      Layout.draw(line, in: &frame, row: placed.top + offset)
    }
    if let alert = Self.alert(on: screen) {
      AlertBox.draw(alert.title, hint: alert.hint, in: &frame, rows: regions.content)
    }
    if interface.isHelpShown {
      HelpBox.draw(in: &frame, rows: regions.content, listeningPath: interface.listeningPath)
    }
  }

  /// The lines of `screen`'s content.
  private mutating func lines(
    of screen: Screen, interface: InterfaceState, in regions: Regions
  ) -> [Line] {
    switch screen {
    case .login(let login):
      LoginView.lines(
        login, focus: interface.loginFocus, caret: interface.caret,
        spinner: interface.spinner.frame, width: regions.width, memo: &loginLines)
    case .twoFactor(let twoFactor, _):
      TwoFactorView.lines(
        twoFactor, focus: interface.twoFactorFocus, caret: interface.caret,
        spinner: interface.spinner.frame, width: regions.width)
    case .newGame(let newGame):
      NewGameView.lines(newGame, focus: interface.newGameFocus, caret: interface.caret)
    case .game(let game):
      GameView.lines(
        game, cursor: interface.boardCursor,
        tall: regions.content.count > GameView.lineCount(tall: true), width: regions.width)
    }
  }

  /// Blanks `rows` of the frame.
  private mutating func clear(_ rows: Range<Int>) {
    for row in rows { frame.fill(row: row, column: 0, width: frame.columns) }
  }

  /// The alert `screen` shows over its content, and the keys that answer it.
  private static func alert(on screen: Screen) -> (title: String, hint: String)? {
    switch screen {
    case .login(let login): login.alertTitle.map { ($0, AlertBox.dismissHint) }
    case .twoFactor(let twoFactor, _): twoFactor.alertTitle.map { ($0, AlertBox.dismissHint) }
    case .newGame: nil
    case .game(let game): game.alertTitle.map { ($0, AlertBox.quitConfirmationHint) }
    }
  }

  /// Whether a box (an alert, the help) covers the content's lines.
  private static func isCovered(_ screen: Screen, _ interface: InterfaceState) -> Bool {
    interface.isHelpShown || alert(on: screen) != nil
  }

  /// Whether the status line may take the rows above its own (a long message wraps upwards;
  /// the command line's completions sit above it): then it overlaps the content, and a change
  /// composes the whole frame.
  private static func hasStatusAboveItsRow(_ interface: InterfaceState) -> Bool {
    interface.message != nil || interface.commandLine != nil
  }

  /// Where the parts of a frame of a given size go.
  private struct Regions {
    /// Whether the header bar shows (on row 0).
    let hasHeader: Bool
    /// Whether the status line shows (on the last row).
    let hasStatus: Bool
    /// The rows of the screen's lines, between the header and the status line.
    let content: Range<Int>
    /// The width available for the lines' text.
    let width: Int

    init(_ size: TerminalSize) {
      hasHeader = size.rows >= 8
      hasStatus = size.rows >= 3
      content = (hasHeader ? 1 : 0)..<(hasStatus ? size.rows - 1 : size.rows)
      width = Layout.usableWidth(columns: size.columns)
    }
  }
}
