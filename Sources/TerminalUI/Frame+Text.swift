/// The fast paths of ``Frame/put(_:row:column:style:maxWidth:)`` for the text views draw on
/// every change: ASCII byte by byte, and scalars that are graphemes on their own, with no
/// grapheme breaking.
extension Frame {
  /// ``put(_:row:column:style:maxWidth:)`` for text that is all ASCII, byte by byte (a byte is
  /// a grapheme there, except CR LF, which is one); returns the column after the text, or
  /// `nil` without drawing anything when the text is not all ASCII.
  mutating func putASCII(
    _ text: String, row: Int, column: Int, look: UInt64, limit: Int
  ) -> Int? {
    var text = text
    return text.withUTF8 { bytes -> Int? in
      var isPrintable = true
      for byte in bytes {
        if byte >= 0x80 { return nil }
        if byte < 0x20 || byte == 0x7F { isPrintable = false }
      }
      if isPrintable,
        let end = putPrintable(bytes, row: row, column: column, look: look, limit: limit)
      {
        return end
      }
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
  }

  /// ``putASCII(_:row:column:look:limit:)`` for printable ASCII over one-column cells (nearly
  /// always): one cell a byte, written in one pass; returns the column after the text, or `nil`
  /// without drawing anything when the text starts left of the frame or would cut a wide
  /// character.
  mutating func putPrintable(
    _ bytes: UnsafeBufferPointer<UInt8>, row: Int, column: Int, look: UInt64, limit: Int
  ) -> Int? {
    guard column >= 0 else { return nil }
    let end = column + min(bytes.count, max(0, limit - column))
    let start = row * columns
    return cells.withUnsafeMutableBufferPointer { cells -> Int? in
      for index in start + column..<start + end where cells[index].width != 1 { return nil }
      for x in column..<end {
        cells[start + x] = PackedCell(glyph: PackedCell.ascii(bytes[x - column]), look: look)
      }
      return end
    }
  }

  /// ``put(_:row:column:style:maxWidth:)`` for text whose every scalar is a grapheme on its
  /// own (``standaloneWidth(_:)``: the status line's `·` and arrows, the board's lines), scalar
  /// by scalar with no grapheme breaking; returns the column after the text, or `nil` without
  /// drawing anything for any other text.
  mutating func putStandalone(
    _ text: String, row: Int, column: Int, look: UInt64, limit: Int
  ) -> Int? {
    guard text.unicodeScalars.allSatisfy({ standaloneWidth($0.value) != nil }) else {
      return nil
    }
    var x = column
    for scalar in text.unicodeScalars {
      let width = standaloneWidth(scalar.value)!
      if x + width > limit { break }
      if x >= 0 {
        put(glyph: PackedCell.inlineGlyph(scalar), width: width, look: look, row: row, column: x)
      }
      x += width
    }
    return x
  }
}
