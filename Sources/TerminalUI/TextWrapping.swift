extension String {
  /// The display width of this text in a ``Frame``: the sum of its characters' widths, with
  /// control characters counted as the one-column `?` a frame draws for them.
  public var terminalWidth: Int {
    reduce(0) { $0 + ($1.isTerminalControl ? 1 : $1.terminalWidth) }
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
}
