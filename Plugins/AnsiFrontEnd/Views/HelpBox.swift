import TerminalUI

/// The help (`?`): every key of the front end in a box over the content; any key closes it.
enum HelpBox {
  /// The key and what it does, one pair a line.
  static let entries: [(keys: String, meaning: String)] = [
    ("tab ↑ ↓", "move between fields and buttons"),
    ("enter", "press the button, submit, place a mark"),
    ("esc", "leave a text field; on two-factor: back"),
    ("ctrl-a/e ← →", "in a field: start, end, move the cursor"),
    ("ctrl-u ctrl-w", "in a field: delete before the cursor, a word"),
    ("←↓↑→ hjkl", "move on the board"),
    ("1 – 9", "place a mark (1 top left, 9 bottom right)"),
    ("r / q", "play again / leave the game (else: quit)"),
    ("y / n", "quit the game in progress / keep playing"),
    (":", "command line: frontend, attach, detach, undo, listen, quit"),
    ("  ↑ ↓ tab", "on it: earlier commands, complete a name"),
    ("?", "this help"),
    ("ctrl-z", "suspend (fg resumes)"),
    ("ctrl-c ctrl-d", "quit (mid-game: ctrl-d twice, :q!)"),
  ]

  /// Draws the help over `rows` of `frame`, as much of it as fits, with where the host
  /// listens, if it does.
  static func draw(in frame: inout Frame, rows: Range<Int>, listeningPath: String?) {
    let keyWidth = entries.map(\.keys.terminalWidth).max() ?? 0
    let lines =
      entries.map { Widgets.pad($0.keys, keyWidth + 2) + $0.meaning }
      + (listeningPath.map { ["", "tictactoe attach \($0)", "  shows this game elsewhere"] } ?? [])
    let width = min(frame.columns, (lines.map(\.terminalWidth).max() ?? 0) + 4)
    guard width >= 6, rows.count >= 3 else { return }
    let body =
      [Box.Row(text: "Keys", style: Theme.heading, isCentred: false)]
      + lines.map { Box.Row(text: $0, style: .plain, isCentred: false) }
      + [Box.Row(text: "any key closes this", style: Theme.hint, isCentred: false)]
    Box.draw(body, width: width, in: &frame, rows: rows)
  }
}
