/// A screenful of cells: what the terminal should show next.
///
/// Views draw into a fresh frame on every state change; ``Renderer`` compares it with the frame
/// it drew before and writes only the difference.
///
/// ```swift
/// var frame = Frame(columns: 80, rows: 24)
/// frame.put("Blob, place your X", row: 1, column: 2, style: Style(bold: true))
/// terminal.write(renderer.render(frame))
/// ```
public struct Frame: Equatable, Sendable {
  /// The width in columns.
  public let columns: Int
  /// The height in rows.
  public let rows: Int
  /// The cells, row by row.
  private var cells: [Cell]

  /// A blank frame of the given size (negative sizes count as 0).
  public init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
    self.cells = Array(repeating: .blank, count: self.columns * self.rows)
  }

  /// The cell at `row`, `column`; a blank cell outside the frame.
  public subscript(row: Int, column: Int) -> Cell {
    guard contains(row: row, column: column) else { return .blank }
    return cells[row * columns + column]
  }

  /// Whether `row`, `column` is inside the frame.
  public func contains(row: Int, column: Int) -> Bool {
    row >= 0 && row < rows && column >= 0 && column < columns
  }

  /// Whether row `row` of both frames holds the same cells (frames of the same width).
  func rowEquals(_ other: Frame, row: Int) -> Bool {
    let start = row * columns
    return cells[start..<start + columns] == other.cells[start..<start + columns]
  }

  /// Draws `text` from `row`, `column` to the right, clipped to the frame and to `maxWidth`
  /// columns. Control characters are drawn as `?`, so text from outside (a player's name)
  /// can never inject escape sequences. Returns the number of columns drawn.
  @discardableResult
  public mutating func put(
    _ text: String, row: Int, column: Int, style: Style = .plain, maxWidth: Int = .max
  ) -> Int {
    guard row >= 0, row < rows else { return 0 }
    let limit = min(columns, column > Int.max - maxWidth ? columns : column + maxWidth)
    var x = column
    for character in text {
      let shown: Character = character.isTerminalControl ? "?" : character
      let width = character.isTerminalControl ? 1 : shown.terminalWidth
      if width == 0 { continue }
      if x + width > limit { break }
      if x >= 0 {
        set(Cell(character: shown, style: style, width: UInt8(width)), row: row, column: x)
        if width == 2 { set(.continuation(style), row: row, column: x + 1) }
      }
      x += width
    }
    return max(0, x - max(column, 0))
  }

  /// Fills `width` cells from `row`, `column` with `character` in `style`.
  public mutating func fill(
    row: Int, column: Int, width: Int, character: Character = " ", style: Style = .plain
  ) {
    guard width > 0 else { return }
    for x in column..<column + width where contains(row: row, column: x) {
      set(Cell(character: character, style: style), row: row, column: x)
    }
  }

  /// Writes one cell, blanking the other half of any wide character it overwrites.
  private mutating func set(_ cell: Cell, row: Int, column: Int) {
    guard contains(row: row, column: column) else { return }
    let index = row * columns + column
    let old = cells[index]
    if old.width == 2, column + 1 < columns {
      cells[index + 1] = Cell(character: " ", style: old.style)
    }
    if old.width == 0, cell.width != 0, column > 0 {
      cells[index - 1] = Cell(character: " ", style: cells[index - 1].style)
    }
    cells[index] = cell
  }
}
