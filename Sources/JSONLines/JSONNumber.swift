/// A JSON number, kept exactly as written: `-0`, `1e400` and a 40-digit integer are all valid
/// JSON, and only the reader knows which precision it wants.
///
/// ```swift
/// JSONNumber("2")?.exactInt     // 2
/// JSONNumber("2.0")?.exactInt   // 2: the value is an integer
/// JSONNumber("2.5")?.exactInt   // nil
/// JSONNumber("1e40")?.exactInt  // nil: out of range
/// ```
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
  /// The literal text, valid per the RFC 8259 grammar.
  public let text: String

  /// The number `text` denotes, or `nil` when it is not a JSON number literal (`01`, `+1`,
  /// `.5`, `1.`, `NaN`, ...).
  public init?(_ text: String) {
    var copy = text
    let length = copy.withUTF8 { NumberGrammar.literalLength(in: $0, from: 0) }
    guard let length, length == text.utf8.count else { return nil }
    self.text = text
  }

  /// The integer `value`.
  public init(_ value: Int) {
    self.text = String(value)
  }

  /// A literal the parser already checked against the grammar.
  init(uncheckedText: String) {
    self.text = uncheckedText
  }

  /// The literal text.
  public var description: String { text }

  /// The value as an `Int` when it is exactly an integer in range, whatever its spelling
  /// (`3`, `3.00`, `0.3e1`, `-0`); `nil` for fractions and out-of-range values.
  public var exactInt: Int? {
    let parts = DecimalParts(text)
    guard let first = parts.digits.firstIndex(where: { $0 != 0 }) else { return 0 }
    let last = parts.digits.lastIndex { $0 != 0 }!
    // The value is digits[first...last] * 10^exponent.
    let exponent = parts.exponent + (parts.digits.count - 1 - last)
    let significant = last - first + 1
    guard exponent >= 0, significant + exponent <= 19 else { return nil }
    var magnitude: UInt64 = 0
    for digit in parts.digits[first...last] { magnitude = magnitude * 10 + UInt64(digit) }
    for _ in 0..<exponent {
      let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      guard !overflow else { return nil }
      magnitude = product
    }
    if parts.isNegative {
      guard magnitude <= UInt64(Int.max) + 1 else { return nil }
      return magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)
    }
    guard magnitude <= UInt64(Int.max) else { return nil }
    return Int(magnitude)
  }

  /// Whether the value is an integer, in any range (`3`, `3.0`, `1e40`, `9223372036854775808`);
  /// false for fractions. Tells "out of range" from "not an integer".
  public var isInteger: Bool {
    let parts = DecimalParts(text)
    guard let last = parts.digits.lastIndex(where: { $0 != 0 }) else { return true }
    return parts.exponent + (parts.digits.count - 1 - last) >= 0
  }

  /// The nearest `Double` (infinite when the magnitude is beyond `Double`'s range).
  public var double: Double {
    Double(text) ?? (text.hasPrefix("-") ? -.infinity : .infinity)
  }
}

/// A number literal taken apart: sign, all mantissa digits, and the power of ten that applies to
/// the last digit.
private struct DecimalParts {
  var isNegative = false
  var digits: [UInt8] = []
  var exponent = 0

  /// Exponents are clamped here: beyond it every non-zero value is out of any integer range and
  /// every fraction is a fraction, and the clamp keeps the arithmetic from overflowing.
  private static let exponentLimit = 1_000_000_000

  init(_ text: String) {
    var fractionDigits = 0
    var inFraction = false
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "-"): isNegative = true
      case UInt8(ascii: "."): inFraction = true
      case UInt8(ascii: "e"), UInt8(ascii: "E"):
        exponent = Self.exponent(from: &iterator)
        exponent -= fractionDigits
        return
      default:
        digits.append(byte &- UInt8(ascii: "0"))
        if inFraction { fractionDigits += 1 }
      }
    }
    exponent = -fractionDigits
  }

  private static func exponent(from iterator: inout String.UTF8View.Iterator) -> Int {
    var isNegative = false
    var value = 0
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "-"): isNegative = true
      case UInt8(ascii: "+"): break
      default: value = min(value * 10 + Int(byte &- UInt8(ascii: "0")), exponentLimit)
      }
    }
    return isNegative ? -value : value
  }
}
