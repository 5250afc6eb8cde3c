/// A screenful of cells: what the terminal should show next.
///
/// Views draw into a frame on every state change (a front end may keep one and draw again
/// only the rows that changed); ``Renderer`` compares it with the frame it drew before and
/// writes only the difference.
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
  /// The cells, row by row, packed into plain words (see ``PackedCell``).
  var cells: [PackedCell]
  /// The graphemes longer than a packed cell holds, which long glyphs index.
  private(set) var longGlyphs: [Character] = []
  /// The rows written since ``takeChangedRows()`` (all of them in a new frame); see
  /// `Frame+ChangedRows.swift`.
  var changedRows: Range<Int>

  /// A blank frame of the given size (negative sizes count as 0).
  public init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
    self.cells = Array(repeating: .blank, count: self.columns * self.rows)
    self.changedRows = 0..<self.rows
  }

  /// The cell at `row`, `column`; a blank cell outside the frame.
  public subscript(row: Int, column: Int) -> Cell {
    guard contains(row: row, column: column) else { return .blank }
    let cell = cells[row * columns + column]
    return Cell(character: character(of: cell), style: cell.style, width: cell.width)
  }

  /// Whether `row`, `column` is inside the frame.
  public func contains(row: Int, column: Int) -> Bool {
    row >= 0 && row < rows && column >= 0 && column < columns
  }

  /// Whether both frames have the same size and show the same cells.
  public static func == (lhs: Frame, rhs: Frame) -> Bool {
    guard lhs.columns == rhs.columns, lhs.rows == rhs.rows else { return false }
    return (0..<lhs.rows).allSatisfy { lhs.rowEquals(rhs, row: $0) }
  }

  /// The packed cell at `row`, `column`, which must be inside the frame.
  func packed(row: Int, column: Int) -> PackedCell {
    cells[row * columns + column]
  }

  /// Whether `cell` of this frame shows what `otherCell` of `other` shows.
  func same(_ cell: PackedCell, as otherCell: PackedCell, in other: Frame) -> Bool {
    guard cell.look == otherCell.look else { return false }
    if cell.isLong, otherCell.isLong {
      return character(of: cell) == other.character(of: otherCell)
    }
    return cell.glyph == otherCell.glyph
  }

  /// The first column of the run of blank cells (a space in the default style) that ends row
  /// `row`; `columns` when its last cell is not blank.
  func blankTailStart(row: Int) -> Int {
    var column = columns
    let start = row * columns
    let blank = PackedCell.blank
    cells.withUnsafeBufferPointer { cells in
      while column > 0, cells[start + column - 1] == blank { column -= 1 }
    }
    return column
  }

  /// Deletes `count` cells of row `row` at `column`, as a terminal does (DCH): the cells after
  /// them move left, and blanks fill the end of the row.
  mutating func deleteCells(row: Int, column: Int, count: Int) {
    markChanged(row)
    let start = row * columns
    for index in column..<columns {
      cells[start + index] = index + count < columns ? cells[start + index + count] : .blank
    }
  }

  /// Makes row `row` show what the same row of `other` (a frame of the same size) shows: one
  /// copy of the row's words, unless `other` has graphemes too long to pack, which are kept
  /// again among this frame's own.
  mutating func copyRow(_ row: Int, from other: Frame) {
    guard columns > 0 else { return }
    markChanged(row)
    let start = row * columns
    guard other.longGlyphs.isEmpty else {
      for index in start..<start + columns {
        var cell = other.cells[index]
        if cell.isLong { cell.glyph = glyph(for: other.character(of: cell)) }
        cells[index] = cell
      }
      return
    }
    cells.withUnsafeMutableBufferPointer { mine in
      other.cells.withUnsafeBufferPointer { theirs in
        (mine.baseAddress! + start).update(from: theirs.baseAddress! + start, count: columns)
      }
    }
  }

  /// Appends the UTF-8 bytes of `cell`'s character.
  func appendCharacter(of cell: PackedCell, into bytes: inout [UInt8]) {
    if cell.isLong {
      bytes.append(contentsOf: String(character(of: cell)).utf8)
    } else {
      PackedCell.appendInline(cell.glyph, into: &bytes)
    }
  }

  private func character(of cell: PackedCell) -> Character {
    cell.isLong
      ? longGlyphs[Int(cell.glyph & ~PackedCell.longGlyphFlag)]
      : PackedCell.character(ofInline: cell.glyph)
  }

  /// Draws `text` from `row`, `column` to the right, clipped to the frame and to `maxWidth`
  /// columns. Control characters are drawn as `?`, so text from outside (a player's name)
  /// can never inject escape sequences. Returns the number of columns drawn.
  @discardableResult
  public mutating func put(
    _ text: String, row: Int, column: Int, style: Style = .plain, maxWidth: Int = .max
  ) -> Int {
    guard row >= 0, row < rows else { return 0 }
    markChanged(row)
    let limit = min(columns, column > Int.max - maxWidth ? columns : column + maxWidth)
    let look = PackedCell.pack(style, width: 1)
    if let x = putASCII(text, row: row, column: column, look: look, limit: limit)
      ?? putStandalone(text, row: row, column: column, look: look, limit: limit)
    {
      return max(0, x - max(column, 0))
    }
    var x = column
    for character in text {
      let shown: Character = character.isTerminalControl ? "?" : character
      let width = character.isTerminalControl ? 1 : shown.terminalWidth
      if width == 0 { continue }
      if x + width > limit { break }
      if x >= 0 {
        put(glyph: glyph(for: shown), width: width, look: look, row: row, column: x)
      }
      x += width
    }
    return max(0, x - max(column, 0))
  }

  /// Writes `glyph`, `width` (1 or 2) columns wide, at `row`, `column`; a wide glyph's second
  /// cell holds a blank of width 0.
  @inline(__always)
  mutating func put(glyph: UInt64, width: Int, look: UInt64, row: Int, column: Int) {
    set(
      PackedCell(glyph: glyph, look: PackedCell.look(look, width: UInt8(width))),
      row: row, column: column)
    if width == 2 {
      set(
        PackedCell(glyph: PackedCell.ascii(0x20), look: PackedCell.look(look, width: 0)),
        row: row, column: column + 1)
    }
  }

  /// The glyph that shows `character`, keeping it among the long graphemes if it does not fit
  /// (once: a frame drawn over again keeps each grapheme once).
  private mutating func glyph(for character: Character) -> UInt64 {
    if let glyph = PackedCell.inlineGlyph(character) { return glyph }
    if let index = longGlyphs.firstIndex(of: character) {
      return UInt64(index) | PackedCell.longGlyphFlag
    }
    longGlyphs.append(character)
    return UInt64(longGlyphs.count - 1) | PackedCell.longGlyphFlag
  }

  /// Fills `width` cells from `row`, `column` with `character` in `style`.
  public mutating func fill(
    row: Int, column: Int, width: Int, character: Character = " ", style: Style = .plain
  ) {
    let start = max(0, column)
    let end = min(columns, column > Int.max - width ? columns : column + width)
    guard row >= 0, row < rows, start < end else { return }
    markChanged(row)
    // A blank (clearing a row, nearly always) needs no look-up.
    let glyph = character == " " ? PackedCell.ascii(0x20) : glyph(for: character)
    let cell = PackedCell(glyph: glyph, look: PackedCell.pack(style, width: 1))
    // Only the first and last cells can cut a wide character in two (only when they are not
    // one column wide); every cell is then overwritten whole.
    let first = row * columns + start
    if cells[first].width != 1 { set(cell, row: row, column: start) }
    if cells[first + end - start - 1].width != 1 { set(cell, row: row, column: end - 1) }
    cells.withUnsafeMutableBufferPointer { buffer in
      (buffer.baseAddress! + first).update(repeating: cell, count: end - start)
    }
  }

  /// Writes one cell, blanking the other half of any wide character it overwrites.
  mutating func set(_ cell: PackedCell, row: Int, column: Int) {
    guard contains(row: row, column: column) else { return }
    let index = row * columns + column
    let old = cells[index]
    if old.width == 2, column + 1 < columns {
      cells[index + 1] = PackedCell(
        glyph: PackedCell.ascii(0x20), look: PackedCell.look(old.look, width: 1))
    }
    if old.width == 0, cell.width != 0, column > 0 {
      cells[index - 1] = PackedCell(
        glyph: PackedCell.ascii(0x20), look: PackedCell.look(cells[index - 1].look, width: 1))
    }
    cells[index] = cell
  }
}
