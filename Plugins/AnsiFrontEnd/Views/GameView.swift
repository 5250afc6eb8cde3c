import FrontEndKit
import TerminalUI

/// The game: the title from the host, the players, the coloured board with the cursor, and
/// "Play again?" once the host offers it. The line count never changes, so a move redraws only
/// the cells it changed.
enum GameView {
  /// Board cells are this many columns wide.
  static let cellWidth = 7

  /// The lines; `tall` draws cells three rows high (when the terminal has room).
  static func lines(_ game: GameScreen, cursor: BoardCursor, tall: Bool) -> [Line] {
    let titleStyle =
      game.winner != .none ? Theme.winnerTitle : game.isTied ? Theme.tieTitle : Theme.heading
    var lines = [
      Line(game.title, style: titleStyle),
      .spacer,
      Line(
        spans: [
          Span(text: "X ", style: Theme.mark(.x, highlighted: false)),
          Span(text: game.xPlayerName),
          Widgets.gap(4),
          Span(text: "O ", style: Theme.mark(.o, highlighted: false)),
          Span(text: game.oPlayerName),
        ], isOptional: true),
      .spacer,
    ]
    let showsCursor = !game.isBoardDisabled
    let separator = Array(repeating: String(repeating: "─", count: cellWidth), count: 3)
      .joined(separator: "┼")
    for row in 0..<3 {
      for band in tall ? [0, 1, 2] : [1] {
        var spans = [Widgets.gap(2)]
        for column in 0..<3 {
          let mark = game.board[row][column]
          let highlighted = showsCursor && cursor == BoardCursor(row: row, column: column)
          // Only the mark carries the player's colour, so placing one rewrites a single cell.
          let padding = Theme.cell(highlighted: highlighted && band == 1)
          if band == 1 {
            spans.append(Span(text: "   ", style: padding))
            spans.append(Span(text: mark.symbol, style: Theme.mark(mark, highlighted: highlighted)))
            spans.append(Span(text: "   ", style: padding))
          } else {
            spans.append(Span(text: String(repeating: " ", count: cellWidth), style: padding))
          }
          if column < 2 { spans.append(Span(text: "│", style: Theme.grid)) }
        }
        lines.append(Line(spans: spans))
      }
      if row < 2 {
        lines.append(Line(spans: [Widgets.gap(2), Span(text: separator, style: Theme.grid)]))
      }
    }
    lines.append(.spacer)
    if game.isPlayAgainButtonVisible {
      lines.append(
        Line(spans: [
          Widgets.gap(2), Widgets.button("Play again?", focused: true), Widgets.gap(2),
          Span(text: "enter", style: Theme.hint),
        ]))
    } else {
      lines.append(Line(spans: []))
    }
    return lines
  }

  /// How many lines ``lines(_:cursor:tall:)`` returns.
  static func lineCount(tall: Bool) -> Int {
    tall ? 17 : 11
  }
}
