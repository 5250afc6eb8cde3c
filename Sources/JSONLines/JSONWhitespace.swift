/// JSON's insignificant whitespace (RFC 8259: space, tab, line feed, carriage return), skipped
/// the same way by the parser and the flat-object scanner.
enum JSONWhitespace {
  /// The index of the first byte at or after `index` that is not whitespace (`bytes.count` at
  /// the end).
  @inline(__always)
  static func end(in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
    var index = index
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        index += 1
      default: return index
      }
    }
    return index
  }
}
