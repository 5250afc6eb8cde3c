#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How rows of two frames of the same width compare: what ``Renderer`` asks before it writes
/// a row, cell by cell only where the words differ.
extension Frame {
  /// Whether row `row` of both frames holds the same cells (frames of the same width): one
  /// `memcmp` of the row's words, unless a grapheme too long to pack is in either frame.
  func rowEquals(_ other: Frame, row: Int) -> Bool {
    guard columns > 0 else { return true }
    let start = row * columns
    return cells.withUnsafeBufferPointer { mine in
      other.cells.withUnsafeBufferPointer { theirs in
        if longGlyphs.isEmpty, other.longGlyphs.isEmpty {
          return memcmp(
            mine.baseAddress! + start, theirs.baseAddress! + start,
            columns * MemoryLayout<PackedCell>.stride) == 0
        }
        return (start..<start + columns).allSatisfy { same(mine[$0], as: theirs[$0], in: other) }
      }
    }
  }

  /// The first column of row `row`, from `column` up to `end`, whose cell shows something
  /// else than the same cell of `other` (a frame of the same width); `end` when none does. The
  /// words are compared, unless a grapheme too long to pack is in either frame.
  func firstChange(row: Int, from column: Int, to end: Int, in other: Frame) -> Int {
    var x = column
    guard longGlyphs.isEmpty, other.longGlyphs.isEmpty else {
      while x < end,
        same(packed(row: row, column: x), as: other.packed(row: row, column: x), in: other)
      {
        x += 1
      }
      return x
    }
    let start = row * columns
    return cells.withUnsafeBufferPointer { mine in
      other.cells.withUnsafeBufferPointer { theirs in
        // Runs of equal cells a block at a time (one `memcmp`), then the block that differs
        // cell by cell.
        while end - x >= Self.comparedBlock,
          memcmp(
            mine.baseAddress! + start + x, theirs.baseAddress! + start + x,
            Self.comparedBlock * MemoryLayout<PackedCell>.stride) == 0
        {
          x += Self.comparedBlock
        }
        while x < end, mine[start + x] == theirs[start + x] { x += 1 }
        return x
      }
    }
  }

  /// The last column of row `row` whose cell shows something else than the same cell of
  /// `other` (a frame of the same width); -1 when none does. Compared as
  /// ``firstChange(row:from:to:in:)`` compares, from the end.
  func lastChange(row: Int, in other: Frame) -> Int {
    var x = columns
    guard longGlyphs.isEmpty, other.longGlyphs.isEmpty else {
      while x > 0,
        same(packed(row: row, column: x - 1), as: other.packed(row: row, column: x - 1), in: other)
      {
        x -= 1
      }
      return x - 1
    }
    let start = row * columns
    return cells.withUnsafeBufferPointer { mine in
      other.cells.withUnsafeBufferPointer { theirs in
        while x >= Self.comparedBlock,
          memcmp(
            mine.baseAddress! + start + x - Self.comparedBlock,
            theirs.baseAddress! + start + x - Self.comparedBlock,
            Self.comparedBlock * MemoryLayout<PackedCell>.stride) == 0
        {
          x -= Self.comparedBlock
        }
        while x > 0, mine[start + x - 1] == theirs[start + x - 1] { x -= 1 }
        return x - 1
      }
    }
  }

  /// The cells compared with one `memcmp` while looking for a change.
  private static let comparedBlock = 8

  /// How many cells of row `row` differ from the same cells of `other` (a frame of the same
  /// width): their words compared, unless a grapheme too long to pack is in either frame.
  func changedCellCount(row: Int, from other: Frame) -> Int {
    let start = row * columns
    guard longGlyphs.isEmpty, other.longGlyphs.isEmpty else {
      return (start..<start + columns).count { !same(cells[$0], as: other.cells[$0], in: other) }
    }
    return cells.withUnsafeBufferPointer { mine in
      other.cells.withUnsafeBufferPointer { theirs in
        // Cell by cell only in the blocks that differ.
        var count = 0
        var block = start
        while block < start + columns {
          let blockEnd = min(block + Self.comparedBlock, start + columns)
          if blockEnd - block < Self.comparedBlock
            || memcmp(
              mine.baseAddress! + block, theirs.baseAddress! + block,
              Self.comparedBlock * MemoryLayout<PackedCell>.stride) != 0
          {
            for index in block..<blockEnd where mine[index] != theirs[index] { count += 1 }
          }
          block = blockEnd
        }
        return count
      }
    }
  }
}
