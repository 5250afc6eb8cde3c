/// Draws frames on a terminal by writing only what changed since the previous frame, like
/// Bubble Tea's renderer: cursor moves, SGR changes and the changed cells' text.
///
/// The first frame, a frame of another size, and the first frame after ``invalidate()`` (after
/// the screen was lost: resume, a terminal that was cleared) are drawn in full.
///
/// ```swift
/// var renderer = Renderer(colors: ColorPolicy.colorsEnabled())
/// terminal.write(renderer.render(frame))      // everything
/// terminal.write(renderer.render(nextFrame))  // only the cells that differ
/// ```
public struct Renderer: Sendable {
  /// Whether colours are sent; when `false` (`NO_COLOR`), only attributes are.
  public let colors: Bool
  /// The frame on the terminal now; updated row by row as rows change, never copied whole.
  private var shown = Frame(columns: 0, rows: 0)
  /// Whether ``shown`` is on the screen; `false` when the screen must be redrawn in full.
  private var isShownValid = false
  /// Where the terminal's cursor is, or `nil` when unknown.
  private var cursor: (row: Int, column: Int)?
  /// The terminal's current style.
  private var style = Style.plain

  /// Creates a renderer whose first frame is drawn in full.
  public init(colors: Bool) {
    self.colors = colors
  }

  /// Forgets what is on the screen: the next ``render(_:into:)`` clears it and draws everything.
  public mutating func invalidate() {
    isShownValid = false
  }

  /// The bytes that turn the terminal's screen from the previous frame into `frame`; empty when
  /// nothing changed.
  public mutating func render(_ frame: Frame) -> [UInt8] {
    var bytes: [UInt8] = []
    render(frame, into: &bytes)
    return bytes
  }

  /// Appends to `bytes` what turns the terminal's screen from the previous frame into `frame`
  /// (nothing when nothing changed): a caller that keeps its buffer allocates nothing per frame.
  /// Only rows that differ are looked at cell by cell.
  public mutating func render(_ frame: Frame, into bytes: inout [UInt8]) {
    render(frame, changedRows: 0..<frame.rows, into: &bytes)
  }

  /// ``render(_:into:)`` comparing only the rows in `changedRows`: every other row of `frame`
  /// must show what it showed in the frame this renderer drew last, as
  /// ``Frame/takeChangedRows()`` tells of a frame kept and drawn after each change. A frame
  /// drawn in full (the first, one of another size, the first after ``invalidate()``) is
  /// compared row by row whatever `changedRows` says.
  ///
  /// - Parameters:
  ///   - frame: What the terminal should show.
  ///   - changedRows: The rows that may differ from the frame drawn last.
  ///   - bytes: Where the bytes that make the terminal show `frame` are appended.
  public mutating func render(
    _ frame: Frame, changedRows: Range<Int>, into bytes: inout [UInt8]
  ) {
    var rows = changedRows.clamped(to: 0..<frame.rows)
    if !isShownValid || shown.columns != frame.columns || shown.rows != frame.rows {
      bytes.append(contentsOf: ControlSequence.resetStyle.utf8)
      bytes.append(contentsOf: ControlSequence.clearScreen.utf8)
      shown = Frame(columns: frame.columns, rows: frame.rows)
      isShownValid = true
      cursor = (0, 0)
      style = .plain
      rows = 0..<frame.rows
    }
    for row in rows where !frame.rowEquals(shown, row: row) {
      // The changed cells lie from the first to the last. Cheap first: a row with a few
      // changed cells is written as it is.
      let first = frame.firstChange(row: row, from: 0, to: frame.columns, in: shown)
      if frame.lastChange(row: row, in: shown) - first >= Self.shiftWorthIt - 1,
        frame.changedCellCount(row: row, from: shown) >= Self.shiftWorthIt,
        let shift = leftShift(of: row, from: shown, to: frame)
      {
        // What changed before the moved cells; the deletion that moves them into place; then
        // what still differs from the row as the terminal now shows it.
        drawChanges(in: row, from: shown, to: frame, columns: 0..<shift.column, into: &bytes)
        moveCursor(to: row, column: shift.column, in: frame, into: &bytes)
        prepareToErase(into: &bytes)
        ControlSequence.appendDeleteCharacters(shift.count, into: &bytes)
        var shifted = shown
        shifted.deleteCells(row: row, column: shift.column, count: shift.count)
        drawChanges(
          in: row, from: shifted, to: frame, columns: shift.column..<frame.columns, into: &bytes)
      } else {
        drawChanges(in: row, from: shown, to: frame, columns: first..<frame.columns, into: &bytes)
      }
      shown.copyRow(row, from: frame)
    }
  }

  /// Where to delete cells of row `row` so that the terminal itself moves the rest of the
  /// row left into place (`CSI count P`): a line whose start got shorter, like a status line.
  /// The deletion is at the start of the longest run of cells that `after` shows `count`
  /// columns left of where `before` shows them; `nil` unless that run holds at least
  /// ``shiftWorthIt`` cells that would otherwise be rewritten (the caller first checks that
  /// the row has that many changed cells at all).
  private func leftShift(
    of row: Int, from before: Frame, to after: Frame
  ) -> (column: Int, count: Int)? {
    let columns = after.columns
    func differs(_ column: Int, _ beforeColumn: Int) -> Bool {
      !after.same(
        after.packed(row: row, column: column), as: before.packed(row: row, column: beforeColumn),
        in: before)
    }
    var best: (column: Int, count: Int, saved: Int)?
    for count in stride(from: 1, through: columns / 2, by: 1) {
      var start = 0
      var saved = 0
      for column in 0...(columns - count) {
        if column < columns - count, !differs(column, column + count) {
          if differs(column, column) { saved += 1 }
          continue
        }
        // A run of moved cells ends before `column`; whole characters only (a deletion must
        // not cut a wide character).
        if saved > best?.saved ?? (Self.shiftWorthIt - 1),
          after.packed(row: row, column: start).width != 0,
          before.packed(row: row, column: start).width != 0,
          before.packed(row: row, column: start + count).width != 0
        {
          best = (start, count, saved)
        }
        start = column + 1
        saved = 0
      }
    }
    return best.map { ($0.column, $0.count) }
  }

  /// The fewest changed cells a deletion must save rewriting (it costs a move, a style reset
  /// and about five bytes).
  private static let shiftWorthIt = 16

  /// Writes the cells of `row` in `columns` that differ between `before` and `after`.
  private mutating func drawChanges(
    in row: Int, from before: Frame, to after: Frame, columns: Range<Int>,
    into bytes: inout [UInt8]
  ) {
    // Where the row's blank tail starts, found the first time a changed cell is blank (a cell
    // that is not cannot be in it).
    var blankTail: Int?
    var column = columns.lowerBound
    while column < columns.upperBound {
      column = after.firstChange(row: row, from: column, to: columns.upperBound, in: before)
      guard column < columns.upperBound else { return }
      // The rest of the row is blank now: erasing it to the end of the line (3 bytes, in the
      // default style) beats writing the changed blanks one by one when there are more than 3.
      if columns.upperBound == after.columns, after.packed(row: row, column: column) == .blank {
        blankTail = blankTail ?? after.blankTailStart(row: row)
      }
      if let blankTail, column >= blankTail,
        (column..<after.columns).count(where: {
          !after.same(
            after.packed(row: row, column: $0), as: before.packed(row: row, column: $0),
            in: before)
        }) > ControlSequence.eraseToEndOfLine.utf8.count
      {
        moveCursor(to: row, column: column, in: after, into: &bytes)
        prepareToErase(into: &bytes)
        bytes.append(contentsOf: ControlSequence.eraseToEndOfLine.utf8)
        return
      }
      // A changed continuation cell is drawn by writing the wide character it belongs to.
      var start = column
      if after.packed(row: row, column: start).width == 0, start > 0 { start -= 1 }
      let cell = after.packed(row: row, column: start)
      if cell.width == 0 {
        column += 1
        continue
      }
      moveCursor(to: row, column: start, in: after, into: &bytes)
      let cellStyle = effective(cell.look)
      GraphicRendition.appendTransition(from: style, to: cellStyle, into: &bytes)
      style = cellStyle
      after.appendCharacter(of: cell, into: &bytes)
      let end = start + Int(cell.width)
      // After the last column the cursor waits to wrap, and after a wide character terminals
      // may disagree on its width: either way, position it absolutely next time.
      cursor = end >= after.columns || cell.width == 2 ? nil : (row, end)
      column = max(column + 1, end)
    }
  }

  /// Moves the cursor with the fewest bytes: nothing, rewriting the unchanged cells in
  /// between when they are in the current style and shorter than a move, or the shortest
  /// move (``CursorMotion``).
  private mutating func moveCursor(
    to row: Int, column: Int, in frame: Frame, into bytes: inout [UInt8]
  ) {
    if let cursor, cursor.row == row, cursor.column == column { return }
    let motion = CursorMotion.cost(from: cursor, toRow: row, column: column)
    if let cursor, cursor.row == row, cursor.column < column {
      var rewrite = 0
      for x in cursor.column..<column {
        let cell = frame.packed(row: row, column: x)
        guard rewrite < motion, cell.width == 1, !cell.isLong, effective(cell.look) == style
        else {
          rewrite = motion
          break
        }
        rewrite += Int(cell.glyph >> 56)
      }
      if rewrite < motion {
        for x in cursor.column..<column {
          frame.appendCharacter(of: frame.packed(row: row, column: x), into: &bytes)
        }
        self.cursor = (row, column)
        return
      }
    }
    CursorMotion.append(from: cursor, toRow: row, column: column, into: &bytes)
    cursor = (row, column)
  }

  /// Drops what an erase would paint the blanks with (a background, reverse video, an
  /// underline) before `EL` or `DCH`; bold, faint and a text colour do not show on a blank, so
  /// they stay on for what comes next.
  private mutating func prepareToErase(into bytes: inout [UInt8]) {
    var erasing = style
    erasing.background = nil
    erasing.isReversed = false
    erasing.isUnderlined = false
    GraphicRendition.appendTransition(from: style, to: erasing, into: &bytes)
    style = erasing
  }

  /// The style packed in `look` as sent to this terminal: without colours when colours are
  /// off.
  private func effective(_ look: UInt64) -> Style {
    PackedCell.style(of: colors ? look : PackedCell.withoutColors(look))
  }
}
