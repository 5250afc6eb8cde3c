/// The shortest bytes that move the terminal's cursor from one cell to another: an absolute
/// position with the parameters it can omit (`ESC[H`, `ESC[5H`, `ESC[;5H`), or a vertical step
/// (`ESC[2B`, `ESC[7d`, a carriage return and line feeds) followed by a horizontal one
/// (`ESC[3C`, `ESC[2D`, backspaces, `ESC[12G`, a carriage return). Lengths are counted before
/// anything is written, so the renderer can also weigh rewriting the cells in between.
///
/// A bare line feed (without a carriage return) is never sent: on a terminal that is not in raw
/// mode, such as an observer's, the line discipline turns it into a carriage return too.
enum CursorMotion {
  /// The vertical part of a move: it leaves the cursor in the column given.
  private enum Vertical {
    /// `ESC[nA` or `ESC[nB`: up or down, the column kept.
    case relative
    /// `ESC[nd`: an absolute row, the column kept.
    case row
    /// A carriage return and `n` line feeds: down, to column 0.
    case lineFeeds
    /// `ESC[r;cH`: row and column at once.
    case absolute
  }

  /// The bytes the shortest move from `from` to `row`, `column` (0-based) takes; the whole
  /// absolute position when `from` is unknown.
  static func cost(from: (row: Int, column: Int)?, toRow row: Int, column: Int) -> Int {
    best(from: from, row: row, column: column).cost
  }

  /// Appends the shortest move from `from` to `row`, `column` (0-based).
  static func append(
    from: (row: Int, column: Int)?, toRow row: Int, column: Int, into bytes: inout [UInt8]
  ) {
    let vertical = best(from: from, row: row, column: column).vertical
    guard let from, vertical != .absolute else {
      appendAbsolute(row: row, column: column, into: &bytes)
      return
    }
    var start = from.column
    switch vertical {
    case .absolute:
      return
    case .relative:
      if row != from.row {
        appendCSI(
          row > from.row ? row - from.row : from.row - row, omitting: 1,
          final: row > from.row ? "B" : "A", into: &bytes)
      }
    case .row:
      appendCSI(row + 1, omitting: 1, final: "d", into: &bytes)
    case .lineFeeds:
      bytes.append(UInt8(ascii: "\r"))
      for _ in from.row..<row { bytes.append(UInt8(ascii: "\n")) }
      start = 0
    }
    appendHorizontal(from: start, to: column, into: &bytes)
  }

  /// The cheapest vertical part and the total cost with its horizontal part.
  private static func best(
    from: (row: Int, column: Int)?, row: Int, column: Int
  ) -> (vertical: Vertical, cost: Int) {
    let absolute = absoluteCost(row: row, column: column)
    guard let from else { return (.absolute, absolute) }
    var best = (vertical: Vertical.absolute, cost: absolute)
    let distance = row > from.row ? row - from.row : from.row - row
    let relative =
      (distance == 0 ? 0 : 3 + parameterCost(distance, omitting: 1))
      + horizontalCost(from: from.column, to: column)
    if relative < best.cost { best = (.relative, relative) }
    if row != from.row {
      let absoluteRow =
        3 + parameterCost(row + 1, omitting: 1) + horizontalCost(from: from.column, to: column)
      if absoluteRow < best.cost { best = (.row, absoluteRow) }
    }
    if row > from.row {
      let lineFeeds = 1 + distance + horizontalCost(from: 0, to: column)
      if lineFeeds < best.cost { best = (.lineFeeds, lineFeeds) }
    }
    return best
  }

  /// `ESC[r;cH` without the parameters that are 1: `ESC[H`, `ESC[5H`, `ESC[;5H`.
  private static func absoluteCost(row: Int, column: Int) -> Int {
    3 + parameterCost(row + 1, omitting: 1)
      + (column == 0 ? 0 : 1 + parameterCost(column + 1, omitting: 0))
  }

  private static func appendAbsolute(row: Int, column: Int, into bytes: inout [UInt8]) {
    bytes.append(contentsOf: [0x1B, UInt8(ascii: "[")])
    if row > 0 { ControlSequence.appendDecimal(row + 1, into: &bytes) }
    if column > 0 {
      bytes.append(UInt8(ascii: ";"))
      ControlSequence.appendDecimal(column + 1, into: &bytes)
    }
    bytes.append(UInt8(ascii: "H"))
  }

  /// The cheapest way along a row: nothing, a carriage return to column 0, backspaces,
  /// `ESC[nC`, `ESC[nD` or `ESC[nG`.
  private static func horizontalCost(from: Int, to column: Int) -> Int {
    if from == column { return 0 }
    if column == 0 { return 1 }
    let toColumn = 3 + parameterCost(column + 1, omitting: 1)
    if column > from { return min(3 + parameterCost(column - from, omitting: 1), toColumn) }
    return min(from - column, 3 + parameterCost(from - column, omitting: 1), toColumn)
  }

  private static func appendHorizontal(from: Int, to column: Int, into bytes: inout [UInt8]) {
    if from == column { return }
    if column == 0 {
      bytes.append(UInt8(ascii: "\r"))
      return
    }
    let toColumn = 3 + parameterCost(column + 1, omitting: 1)
    let distance = column > from ? column - from : from - column
    let relative = 3 + parameterCost(distance, omitting: 1)
    if column < from, distance <= min(relative, toColumn) {
      for _ in 0..<distance { bytes.append(0x08) }
    } else if relative <= toColumn {
      appendCSI(distance, omitting: 1, final: column > from ? "C" : "D", into: &bytes)
    } else {
      appendCSI(column + 1, omitting: 1, final: "G", into: &bytes)
    }
  }

  /// `ESC[` `value` `final`, without the value when it is the sequence's default.
  private static func appendCSI(
    _ value: Int, omitting defaultValue: Int, final: Unicode.Scalar, into bytes: inout [UInt8]
  ) {
    bytes.append(contentsOf: [0x1B, UInt8(ascii: "[")])
    if value != defaultValue { ControlSequence.appendDecimal(value, into: &bytes) }
    bytes.append(UInt8(ascii: final))
  }

  /// The digits of `value`, none when it is the default and can be left out.
  private static func parameterCost(_ value: Int, omitting defaultValue: Int) -> Int {
    value == defaultValue ? 0 : value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : 4
  }
}
