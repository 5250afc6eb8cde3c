/// The RFC 8259 number grammar, `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, shared by
/// the parser and ``JSONNumber/init(_:)-(String)``.
enum NumberGrammar {
  /// Where a number literal starting at some offset ends, or why it is not one.
  enum Scan {
    /// The literal ends just before `end`.
    case literal(end: Int)
    /// The byte at `offset` breaks the grammar.
    case invalid(offset: Int, message: String)
  }

  /// Scans the longest number literal starting at `start`.
  static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Scan {
    var index = start
    func isDigit(_ index: Int) -> Bool {
      index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
    }
    func skipDigits() { while isDigit(index) { index += 1 } }

    if index < bytes.count && bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard isDigit(index) else {
      return .invalid(offset: index, message: "expected a digit")
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if isDigit(index) {
        return .invalid(offset: index, message: "leading zeros are not allowed in numbers")
      }
    } else {
      skipDigits()
    }
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard isDigit(index) else {
        return .invalid(offset: index, message: "expected a digit after the decimal point")
      }
      skipDigits()
    }
    if index < bytes.count
      && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E"))
    {
      index += 1
      if index < bytes.count
        && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"))
      {
        index += 1
      }
      guard isDigit(index) else {
        return .invalid(offset: index, message: "expected a digit in the exponent")
      }
      skipDigits()
    }
    return .literal(end: index)
  }

  /// The length of the number literal at `start`, or `nil` if there is none.
  static func literalLength(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    if case .literal(let end) = scan(bytes, from: start) { end - start } else { nil }
  }
}
