import TerminalUI

/// Places a screen's lines in the content area: a block of fixed width centred horizontally,
/// starting one row below the top. Positions depend on the terminal's size only, never on the
/// content, so a move redraws the cells that changed and nothing else.
enum Layout {
  /// The width of the content block.
  static let blockWidth = 48

  /// The column where the block starts in a frame `columns` wide.
  static func left(columns: Int) -> Int {
    max(0, (columns - blockWidth) / 2)
  }

  /// Draws `lines` into `frame` within `rows`; drops optional lines, then the last lines, when
  /// they do not fit.
  static func place(_ lines: [Line], in frame: inout Frame, rows: Range<Int>) {
    var lines = lines
    var top = rows.lowerBound + 1
    if lines.count > rows.count - 1 {
      top = rows.lowerBound
      if lines.count > rows.count { lines.removeAll { $0.isOptional } }
    }
    let left = left(columns: frame.columns)
    for (offset, line) in lines.prefix(max(0, rows.upperBound - top)).enumerated() {
      var column = left
      for span in line.spans {
        column += frame.put(span.text, row: top + offset, column: column, style: span.style)
      }
    }
  }

  /// The width available for text in the block on a frame `columns` wide.
  static func usableWidth(columns: Int) -> Int {
    min(blockWidth, columns)
  }
}
