import FrontEndKit
import TerminalUI

/// The game: the title from the host, the players, the coloured board with the cursor (and the
/// winning line marked once there is one), and "Play again?" once the host offers it. The line
/// count never changes, so a move redraws only the cells it changed. The game's end changes
/// little more than its last move: the cursor stays on the board (the arrows still move it, and
/// the next game starts there) and the button needs no key beside it (the status line says
/// enter plays again).
enum GameView {
  /// Board cells are this many columns wide.
  static let cellWidth = 7

  /// The lines, `width` columns at most; `tall` draws cells three rows high (when the
  /// terminal has room). A title too wide loses the end of a player's name, never its verb.
  static func lines(_ game: GameScreen, cursor: BoardCursor, tall: Bool, width: Int) -> [Line] {
    let titleStyle =
      game.winner != .none ? Theme.winnerTitle : game.isTied ? Theme.tieTitle : Theme.heading
    let names = [game.xPlayerName, game.oPlayerName]
    let nameWidth = max(2, (width - 8) / 2)
    var lines = [
      Line(Widgets.fit(game.title, width: width, shortening: names), style: titleStyle),
      .spacer,
      Line(
        spans: [
          Span(text: "X ", style: Theme.mark(.x, highlighted: false)),
          Span(text: Widgets.head(of: game.xPlayerName, width: nameWidth)),
          Widgets.gap(4),
          Span(text: "O ", style: Theme.mark(.o, highlighted: false)),
          Span(text: Widgets.head(of: game.oPlayerName, width: nameWidth)),
        ], isOptional: true),
      .spacer,
    ]
    let winningCells = winningLine(of: game)
    for row in 0..<3 {
      for band in tall ? [0, 1, 2] : [1] {
        var spans = [Widgets.gap(2)]
        for column in 0..<3 {
          let mark = game.board[row][column]
          let highlighted = cursor == BoardCursor(row: row, column: column)
          // Only the mark carries the player's colour, so placing one rewrites a single cell.
          let padding = Theme.cell(highlighted: highlighted && band == 1)
          if band == 1 {
            let isWinning = winningCells.contains(BoardCursor(row: row, column: column))
            spans.append(
              Span(
                text: isWinning ? "  ▶" : "   ", style: isWinning ? Theme.winningMarker : padding))
            spans.append(
              Span(
                text: mark.symbol,
                style: isWinning
                  ? Theme.winningMark(mark) : Theme.mark(mark, highlighted: highlighted)))
            spans.append(
              Span(
                text: isWinning ? "◀  " : "   ", style: isWinning ? Theme.winningMarker : padding))
          } else {
            spans.append(Span(text: Widgets.spaces(cellWidth), style: padding))
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
        Line(spans: [Widgets.gap(2), Widgets.button("Play again?", focused: true)]))
    } else {
      lines.append(Line(spans: []))
    }
    return lines
  }

  /// The line between two rows of the board.
  private static let separator = Array(
    repeating: String(repeating: "─", count: cellWidth), count: 3
  )
  .joined(separator: "┼")

  /// The three cells of the line the winner completed, or none.
  static func winningLine(of game: GameScreen) -> [BoardCursor] {
    guard game.winner != .none else { return [] }
    let lines =
      (0..<3).map { row in (0..<3).map { (row, $0) } }
      + (0..<3).map { column in (0..<3).map { ($0, column) } }
      + [[(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]
    let line = lines.first { line in line.allSatisfy { game.board[$0.0][$0.1] == game.winner } }
    return (line ?? []).map { BoardCursor(row: $0.0, column: $0.1) }
  }

  /// How many lines ``lines(_:cursor:tall:width:)`` returns.
  static func lineCount(tall: Bool) -> Int {
    tall ? 17 : 11
  }
}
