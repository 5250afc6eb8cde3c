import TerminalUI

/// The help (`?`): every key of the front end in a box over the content; any key closes it.
enum HelpBox {
  /// The key and what it does, one pair a line.
  static let entries: [(keys: String, meaning: String)] = [
    ("tab ↑ ↓", "move between fields and buttons"),
    ("enter", "press the button, submit, place a mark"),
    ("esc", "leave a text field; on two-factor: back"),
    ("←↓↑→ hjkl", "move on the board"),
    ("1 – 9", "place a mark (1 top left, 9 bottom right)"),
    ("r / q", "play again / leave the game"),
    (":", "command line: frontend, attach, detach, quit"),
    ("?", "this help"),
    ("ctrl-z", "suspend (fg resumes)"),
    ("ctrl-c ctrl-d", "quit"),
  ]

  /// Draws the help over `rows` of `frame`, as much of it as fits.
  static func draw(in frame: inout Frame, rows: Range<Int>) {
    let keyWidth = entries.map(\.keys.terminalWidth).max() ?? 0
    let lines = entries.map { Widgets.pad($0.keys, keyWidth + 2) + $0.meaning }
    let width = min(frame.columns, (lines.map(\.terminalWidth).max() ?? 0) + 4)
    let body = ["Keys"] + lines + ["any key closes this"]
    let height = min(rows.count, body.count + 2)
    guard width >= 6, height >= 3 else { return }
    let top = rows.lowerBound + max(0, (rows.count - height) / 2)
    let left = max(0, (frame.columns - width) / 2)
    let horizontal = String(repeating: "─", count: width - 2)
    frame.put("┌" + horizontal + "┐", row: top, column: left, style: Theme.alertBorder)
    for (offset, line) in body.prefix(height - 2).enumerated() {
      let row = top + 1 + offset
      frame.put("│", row: row, column: left, style: Theme.alertBorder)
      frame.fill(row: row, column: left + 1, width: width - 2)
      let style = offset == 0 ? Theme.heading : offset == body.count - 1 ? Theme.hint : .plain
      frame.put(line, row: row, column: left + 2, style: style, maxWidth: width - 4)
      frame.put("│", row: row, column: left + width - 1, style: Theme.alertBorder)
    }
    frame.put("└" + horizontal + "┘", row: top + height - 1, column: left, style: Theme.alertBorder)
  }
}
