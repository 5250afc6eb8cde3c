import Glibc
import JSONLines

/// The bytes ``StateJSONEncoder`` writes (its steps hold the commas): a buffer of its own that
/// it appends to with plain copies, inlined here, where each of
/// `JSONWriter`'s appends is a call into another module that checks an array's uniqueness and
/// capacity (about 175 instructions for a key). A string that needs escaping is escaped by
/// `JSONWriter`, so both write the same bytes.
final class StateJSONBytes {
  private var start: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// How many bytes are written.
  private(set) var count = 0

  /// An empty buffer that holds `capacity` bytes before it grows.
  init(capacity: Int) {
    self.capacity = capacity
    start = .allocate(capacity: capacity)
  }

  deinit { start.deallocate() }

  /// The bytes written, valid until the next write.
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: start, count: count) }

  /// Empties the buffer, keeping its room, for the next object.
  func reset() {
    count = 0
  }

  /// The bytes of `text` in `range`: keys, commas and braces a ``StateJSONProgram`` holds.
  func raw(_ text: [UInt8], _ range: Range<Int>) {
    text.withUnsafeBytes { append(UnsafeRawBufferPointer(rebasing: $0[range])) }
  }

  /// Bytes written as they are: `null`, `true`, a quoted player, punctuation.
  func literal(_ text: StaticString) {
    append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// An integer in decimal: the bytes `JSONWriter.number` writes for it.
  func number(_ value: Int) {
    if value < 0 { append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var divisor: UInt = 1
    while magnitude / divisor >= 10 { divisor *= 10 }
    repeat {
      append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
      magnitude %= divisor
      divisor /= 10
    } while divisor > 0
  }

  /// The string of the C string `text`, as ``string(utf8:)`` writes it.
  func string(_ text: UnsafePointer<CChar>) {
    string(
      utf8: UnsafeBufferPointer(
        start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text)))
  }

  /// The string of the UTF-8 bytes `utf8`: copied between quotes when no byte of it needs
  /// escaping (printable ASCII other than `"` and `\`), else escaped by `JSONWriter`.
  func string(utf8: UnsafeBufferPointer<UInt8>) {
    guard Self.isPlain(utf8) else {
      var writer = JSONWriter(capacity: utf8.count + 8)
      writer.string(utf8: utf8)
      return writer.bytes.withUnsafeBytes { append($0) }
    }
    reserve(utf8.count + 2)
    start[count] = UInt8(ascii: "\"")
    UnsafeMutableRawPointer(start + count + 1).copyMemory(
      from: UnsafeRawPointer(utf8.baseAddress ?? UnsafePointer(start)), byteCount: utf8.count)
    count += utf8.count + 2
    start[count - 1] = UInt8(ascii: "\"")
  }

  /// Whether no byte of `utf8` needs escaping: each is printable ASCII other than `"` and
  /// `\`. Eight bytes at a time, each test true of a word when it is of one of its bytes.
  private static func isPlain(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = utf8.baseAddress else { return true }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func hasZero(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
    var index = 0
    while index + 8 <= utf8.count {
      let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
      let isBelowSpace = (word &- ones &* 0x20) & ~word & highs != 0
      if word & highs != 0 || isBelowSpace || hasZero(word ^ (ones &* 0x7F))
        || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
      {
        return false
      }
      index += 8
    }
    while index < utf8.count {
      let byte = utf8[index]
      if byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C { return false }
      index += 1
    }
    return true
  }

  private func append(_ byte: UInt8) {
    reserve(1)
    start[count] = byte
    count += 1
  }

  private func append(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    reserve(bytes.count)
    UnsafeMutableRawPointer(start + count).copyMemory(from: base, byteCount: bytes.count)
    count += bytes.count
  }

  /// Makes room for `more` bytes.
  private func reserve(_ more: Int) {
    guard count + more > capacity else { return }
    let grown = max(capacity * 2, count + more)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    moved.initialize(from: start, count: count)
    start.deallocate()
    (start, capacity) = (moved, grown)
  }
}
