/// Follows the host's framing (LineFramer and the blank-line rule) over the bytes sent, to know
/// how many error events they owe: one for every line that is over 1 MiB or not blank.
struct LineTracker {
  private static let limit = 1 << 20
  private(set) var lines = 0
  private(set) var expectedErrors = 0
  private var length = 0
  private var isBlank = true
  private var last: UInt8 = 0

  mutating func scan(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
      for byte in buffer {
        switch byte {
        case UInt8(ascii: "\n"):
          endLine()
          continue
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
        default: isBlank = false
        }
        length += 1
        last = byte
      }
    }
  }

  private mutating func endLine() {
    lines += 1
    let kept = last == UInt8(ascii: "\r") ? length - 1 : length
    if length > Self.limit + 1 || kept > Self.limit || !isBlank { expectedErrors += 1 }
    length = 0
    isBlank = true
    last = 0
  }
}
