extension String {
  /// The display width of this text in a ``Frame``: the sum of its characters' widths, with
  /// control characters counted as the one-column `?` a frame draws for them.
  public var terminalWidth: Int {
    // Printable ASCII (a field's value, most labels): one column a byte, counted without
    // decoding scalars.
    let asciiWidth = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
      return bytes.count
    }
    if case .some(.some(let width)) = asciiWidth { return width }
    // Scalar by scalar while each is a grapheme on its own (most text the views draw).
    var width = 0
    for scalar in unicodeScalars {
      guard let scalarWidth = standaloneWidth(scalar.value) else {
        return reduce(0) { $0 + ($1.isTerminalControl ? 1 : $1.terminalWidth) }
      }
      width += scalarWidth
    }
    return width
  }

  /// This text broken into lines of at most `width` columns, at spaces where possible; words
  /// longer than a line are cut.
  ///
  /// ```swift
  /// "Invalid second factor (try 1234)".wrapped(toWidth: 16)
  /// // ["Invalid second", "factor (try", "1234)"]
  /// ```
  public func wrapped(toWidth width: Int) -> [String] {
    guard width > 0 else { return [] }
    if let lines = wrappedPrintableASCII(toWidth: width) { return lines }
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for word in split(separator: " ", omittingEmptySubsequences: true) {
      var word = String(word)
      var wordWidth = word.terminalWidth
      if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
        line += " " + word
        lineWidth += 1 + wordWidth
        continue
      }
      if lineWidth > 0 {
        lines.append(line)
        line = ""
        lineWidth = 0
      }
      while wordWidth > width {
        var head = ""
        var headWidth = 0
        while let first = word.first, headWidth + first.terminalWidth <= width {
          head.append(word.removeFirst())
          headWidth += first.terminalWidth
        }
        if head.isEmpty { head.append(word.removeFirst()) }
        lines.append(head)
        wordWidth = word.terminalWidth
      }
      line = word
      lineWidth = wordWidth
    }
    if lineWidth > 0 { lines.append(line) }
    return lines
  }

  /// ``wrapped(toWidth:)`` for text that is all printable ASCII, where a byte is a character
  /// one column wide: the same lines, found byte by byte; `nil` for any other text.
  private func wrappedPrintableASCII(toWidth width: Int) -> [String]? {
    var text = self
    return text.withUTF8 { bytes -> [String]? in
      guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
      var lines: [String] = []
      var line: [UInt8] = []
      for whole in bytes.split(separator: UInt8(ascii: " ")) {
        var word = whole[...]
        if !line.isEmpty, line.count + 1 + word.count <= width {
          line.append(UInt8(ascii: " "))
          line += word
          continue
        }
        if !line.isEmpty { lines.append(String(decoding: line, as: UTF8.self)) }
        while word.count > width {
          lines.append(String(decoding: word.prefix(width), as: UTF8.self))
          word = word.dropFirst(width)
        }
        line = Array(word)
      }
      if !line.isEmpty { lines.append(String(decoding: line, as: UTF8.self)) }
      return lines
    }
  }
}
