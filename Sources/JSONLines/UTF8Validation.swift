/// Strict UTF-8 decoding per the Unicode Standard, table 3-7: no overlong forms, no surrogates,
/// nothing above U+10FFFF, no truncated sequences.
enum UTF8Validation {
  /// The length of the valid multi-byte sequence starting at `start` (whose first byte is
  /// at least 0x80), or `nil` if it is invalid.
  @inline(__always)
  static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
    let lead = bytes[start]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return nil
    }
    guard start + length <= bytes.count else { return nil }
    let second = bytes[start + 1]
    guard second >= low && second <= high else { return nil }
    for offset in 2..<length where bytes[start + offset] & 0xC0 != 0x80 { return nil }
    return length
  }

  /// Appends the UTF-8 encoding of `scalar` to `bytes`.
  @inline(__always)
  static func append(_ scalar: UInt32, to bytes: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
      bytes.append(UInt8(scalar))
    case 0x80..<0x800:
      bytes.append(UInt8(0xC0 | scalar >> 6))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      bytes.append(UInt8(0xE0 | scalar >> 12))
      bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    default:
      bytes.append(UInt8(0xF0 | scalar >> 18))
      bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    }
  }
}
