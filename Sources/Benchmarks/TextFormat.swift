/// Number and column formatting for the report, without Foundation.
enum TextFormat {
  /// `value` with exactly `decimals` digits after the point: `fixed(3.14159, decimals: 2)` is
  /// `3.14`.
  static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = (scaled / scale).rounded(.towardZero)
    let fraction = Int(scaled - whole * scale)
    var text = value < 0 && scaled > 0 ? "-" : ""
    text += String(Int(whole))
    if decimals > 0 {
      let digits = String(fraction)
      text += "." + String(repeating: "0", count: decimals - digits.count) + digits
    }
    return text
  }

  /// `value` with a precision that suits its magnitude: `0.84`, `12.3`, `4512`.
  static func adaptive(_ value: Double) -> String {
    switch abs(value) {
    case ..<10: fixed(value, decimals: 2)
    case ..<1000: fixed(value, decimals: 1)
    default: fixed(value, decimals: 0)
    }
  }

  /// `text` padded with spaces on the right to `width` characters.
  static func left(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  /// `text` padded with spaces on the left to `width` characters.
  static func right(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// `words` joined by spaces into lines of at most `width` characters (a longer word stands
  /// alone), every line after the first indented by `indent` spaces.
  static func wrapped(_ words: [String], width: Int, indent: Int) -> String {
    var lines: [String] = []
    var line = ""
    for word in words {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    lines.append(line)
    return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
  }
}
