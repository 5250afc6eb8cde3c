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

  /// Where `lines` go within `rows`: the row of the first, and the lines that fit; drops
  /// optional lines, then the last lines, when they do not all fit.
  static func arrange(_ lines: [Line], in rows: Range<Int>) -> PlacedLines {
    var lines = lines
    var top = rows.lowerBound + 1
    if lines.count > rows.count - 1 {
      top = rows.lowerBound
      if lines.count > rows.count { lines.removeAll { $0.isOptional } }
    }
    let fitting = max(0, rows.upperBound - top)
    if lines.count > fitting { lines.removeLast(lines.count - fitting) }
    return PlacedLines(top: top, lines: lines)
  }

  /// Draws `line` on row `row` of `frame`, from the block's left edge.
  static func draw(_ line: Line, in frame: inout Frame, row: Int) {
    var column = left(columns: frame.columns)
    for span in line.spans {
      column += frame.put(span.text, row: row, column: column, style: span.style)
    }
  }

  /// A screen's lines as ``arrange(_:in:)`` places them.
  struct PlacedLines: Equatable {
    /// The row of the first line.
    var top = 0
    /// The lines, one a row from `top`.
    var lines: [Line] = []

    /// The line on `row`, if any.
    subscript(row: Int) -> Line? {
      lines.indices.contains(row - top) ? lines[row - top] : nil
    }

    /// The rows where these lines or `other`'s are, and the rows between.
    func rows(with other: PlacedLines) -> Range<Int> {
      let lower = min(top, other.top)
      return lower..<max(top + lines.count, other.top + other.lines.count, lower)
    }

    /// Whether `other` has the same line on `row` (or neither has one), compared in place.
    func hasSameLine(onRow row: Int, as other: PlacedLines) -> Bool {
      let index = row - top
      let otherIndex = row - other.top
      let has = lines.indices.contains(index)
      guard has == other.lines.indices.contains(otherIndex) else { return false }
      return !has || lines[index] == other.lines[otherIndex]
    }
  }

  /// The width available for text in the block on a frame `columns` wide.
  static func usableWidth(columns: Int) -> Int {
    min(blockWidth, columns)
  }
}
