/// The fast paths of ``Frame/put(_:row:column:style:maxWidth:)`` for the text views draw on
/// every change: ASCII byte by byte, and scalars that are graphemes on their own, with no
/// grapheme breaking.
extension Frame {
  /// ``put(_:row:column:style:maxWidth:)`` for text that is all ASCII, byte by byte (a byte is
  /// a grapheme there, except CR LF, which is one); returns the column after the text, or
  /// `nil` when the text is not all ASCII (then the cells of the printable ASCII it starts with
  /// may be written: the other paths write the same there again).
  mutating func putASCII(
    _ text: String, row: Int, column: Int, look: UInt64, limit: Int
  ) -> Int? {
    // The bytes where the string keeps them (native and small strings alike), not a copy.
    let end = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      if let end = putPrintable(bytes, row: row, column: column, look: look, limit: limit) {
        return end
      }
      if bytes.contains(where: { $0 >= 0x80 }) { return nil }
      return putControlASCII(bytes, row: row, column: column, look: look, limit: limit)
    }
    return end ?? nil
  }

  /// ``putASCII(_:row:column:look:limit:)`` for ASCII with control characters (drawn as `?`,
  /// CR LF as one) or over wide characters: byte by byte, a cell at a time.
  private mutating func putControlASCII(
    _ bytes: UnsafeBufferPointer<UInt8>, row: Int, column: Int, look: UInt64, limit: Int
  ) -> Int {
    var x = column
    var index = 0
    while index < bytes.count {
      var byte = bytes[index]
      index += 1
      if byte < 0x20 || byte == 0x7F {
        if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
        byte = UInt8(ascii: "?")
      }
      if x + 1 > limit { break }
      if x >= 0 {
        let cell = PackedCell(glyph: PackedCell.ascii(byte), look: look)
        // Over a one-column cell (nearly always) no wide character is cut: written as is.
        let index = row * columns + x
        if cells[index].width == 1 { cells[index] = cell } else { set(cell, row: row, column: x) }
      }
      x += 1
    }
    return x
  }

  /// ``putASCII(_:row:column:look:limit:)`` for printable ASCII over one-column cells (nearly
  /// always): one cell a byte, each byte checked as it is written; returns the column after
  /// the text, or `nil` when the text starts left of the frame, has a byte that is not
  /// printable ASCII, or would cut a wide character (then the cells before it are written,
  /// with what the other paths write there).
  mutating func putPrintable(
    _ bytes: UnsafeBufferPointer<UInt8>, row: Int, column: Int, look: UInt64, limit: Int
  ) -> Int? {
    guard column >= 0 else { return nil }
    let end = column + min(bytes.count, max(0, limit - column))
    let start = row * columns
    // Clipped just before a byte that is not ASCII: the last byte drawn may begin a grapheme
    // wider than the room left, which the grapheme path leaves undrawn. That cell is left to it.
    let drawn = end - column
    let last = drawn > 0 && drawn < bytes.count && bytes[drawn] >= 0x80 ? end - 1 : end
    let isWhole = cells.withUnsafeMutableBufferPointer { cells -> Bool in
      for x in column..<last {
        let byte = bytes[x - column]
        guard byte &- 0x20 < 0x5F, cells[start + x].width == 1 else { return false }
        cells[start + x] = PackedCell(glyph: PackedCell.ascii(byte), look: look)
      }
      return true
    }
    // Clipped text: a byte past the limit may begin a mark the grapheme path joins to the last
    // cell drawn.
    guard isWhole, last == end, !bytes[drawn...].contains(where: { $0 >= 0x80 }) else {
      return nil
    }
    return end
  }

  /// ``put(_:row:column:style:maxWidth:)`` for text whose every scalar is a grapheme on its
  /// own (``standaloneWidth(_:)``: the status line's `·` and arrows, the board's lines), scalar
  /// by scalar with no grapheme breaking; returns the column after the text, or `nil` without
  /// drawing anything for any other text.
  mutating func putStandalone(
    _ text: String, row: Int, column: Int, look: UInt64, limit: Int
  ) -> Int? {
    // Scalar by scalar from the string's own UTF-8 (valid, as a string's always is), each
    // scalar's bytes its glyph.
    let end = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      var index = 0
      var count = 0
      var isNarrow = true
      while index < bytes.count {
        let (value, length) = Self.scalar(in: bytes, at: index)
        guard let width = standaloneWidth(value) else { return nil }
        isNarrow = isNarrow && width == 1
        count += 1
        index += length
      }
      if isNarrow,
        let end = putNarrow(bytes, count: count, row: row, column: column, look: look, limit: limit)
      {
        return end
      }
      var x = column
      index = 0
      while index < bytes.count {
        let (value, length) = Self.scalar(in: bytes, at: index)
        let width = standaloneWidth(value)!
        if x + width > limit { break }
        if x >= 0 {
          put(
            glyph: Self.glyph(of: bytes, at: index, length: length), width: width, look: look,
            row: row, column: x)
        }
        x += width
        index += length
      }
      return x
    }
    return end ?? nil
  }

  /// ``putStandalone(_:row:column:look:limit:)`` for `count` scalars one column wide each over
  /// one-column cells (nearly always): one cell a scalar, written in one pass; returns the
  /// column after the text, or `nil` without drawing anything when the text starts left of the
  /// frame or would cut a wide character.
  private mutating func putNarrow(
    _ bytes: UnsafeBufferPointer<UInt8>, count: Int, row: Int, column: Int, look: UInt64,
    limit: Int
  ) -> Int? {
    guard column >= 0 else { return nil }
    let end = column + min(count, max(0, limit - column))
    let start = row * columns
    return cells.withUnsafeMutableBufferPointer { cells -> Int? in
      for index in start + column..<start + end where cells[index].width != 1 { return nil }
      var index = 0
      for x in column..<end {
        let length = Self.scalar(in: bytes, at: index).length
        cells[start + x] = PackedCell(
          glyph: Self.glyph(of: bytes, at: index, length: length), look: look)
        index += length
      }
      return end
    }
  }

  /// The inline glyph of the `length` bytes of UTF-8 at `index` of `bytes` (at most 4).
  private static func glyph(
    of bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int
  ) -> UInt64 {
    var glyph = UInt64(length) << 56
    for offset in 0..<length { glyph |= UInt64(bytes[index + offset]) << (8 * offset) }
    return glyph
  }

  /// The scalar whose UTF-8 starts at `index` of `bytes` (valid UTF-8), and its length in
  /// bytes.
  private static func scalar(
    in bytes: UnsafeBufferPointer<UInt8>, at index: Int
  ) -> (value: UInt32, length: Int) {
    let lead = UInt32(bytes[index])
    switch lead {
    case ..<0x80: return (lead, 1)
    case ..<0xE0: return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1]) & 0x3F, 2)
    case ..<0xF0:
      return (
        (lead & 0x0F) << 12 | (UInt32(bytes[index + 1]) & 0x3F) << 6 | UInt32(bytes[index + 2])
          & 0x3F, 3
      )
    default:
      return (
        (lead & 0x07) << 18 | (UInt32(bytes[index + 1]) & 0x3F) << 12
          | (UInt32(bytes[index + 2]) & 0x3F) << 6 | UInt32(bytes[index + 3]) & 0x3F, 4
      )
    }
  }

}
