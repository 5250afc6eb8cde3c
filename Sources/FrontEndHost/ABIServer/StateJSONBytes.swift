import JSONLines

/// The bytes ``StateJSONEncoder`` writes, with commas placed as `JSONWriter` places them: a
/// buffer of its own that it appends to with plain copies, inlined here, where each of
/// `JSONWriter`'s appends is a call into another module that checks an array's uniqueness and
/// capacity (about 175 instructions for a key). A string that needs escaping is escaped by
/// `JSONWriter`, so both write the same bytes.
final class StateJSONBytes {
  private var start: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// How many bytes are written.
  private(set) var count = 0
  /// Whether the next key or value follows a sibling and needs a comma first.
  private var needsComma = false

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
    needsComma = false
  }

  /// `{`.
  func beginObject() {
    separate()
    append(UInt8(ascii: "{"))
    needsComma = false
  }

  /// `}`.
  func endObject() {
    append(UInt8(ascii: "}"))
    needsComma = true
  }

  /// `[`.
  func beginArray() {
    separate()
    append(UInt8(ascii: "["))
    needsComma = false
  }

  /// `]`.
  func endArray() {
    append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// A key `JSONWriter.quoted(_:)` made, and its colon.
  func key(_ quoted: [UInt8]) {
    separate()
    quoted.withUnsafeBytes { append($0) }
    append(UInt8(ascii: ":"))
    needsComma = false
  }

  /// A value written as it is: `null`, `true`, a quoted player.
  func literal(_ text: StaticString) {
    separate()
    append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    needsComma = true
  }

  /// `true` or `false`.
  func bool(_ value: Bool) {
    literal(value ? "true" : "false")
  }

  /// An integer, digit by digit as `JSONWriter` writes it.
  func number(_ value: Int) {
    separate()
    if value < 0 { append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var divisor: UInt = 1
    while magnitude / divisor >= 10 { divisor *= 10 }
    repeat {
      append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
      magnitude %= divisor
      divisor /= 10
    } while divisor > 0
    needsComma = true
  }

  /// The string of the UTF-8 bytes `utf8`: copied between quotes when no byte of it needs
  /// escaping (printable ASCII other than `"` and `\`), else escaped by `JSONWriter`.
  func string(utf8: UnsafeBufferPointer<UInt8>) {
    let isPlain = utf8.allSatisfy { byte in
      byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }
    guard isPlain else {
      var writer = JSONWriter(capacity: utf8.count + 8)
      writer.string(utf8: utf8)
      return append(writer)
    }
    separate()
    append(UInt8(ascii: "\""))
    append(UnsafeRawBufferPointer(utf8))
    append(UInt8(ascii: "\""))
    needsComma = true
  }

  /// The one value `writer` wrote.
  private func append(_ writer: JSONWriter) {
    separate()
    writer.bytes.withUnsafeBytes { append($0) }
    needsComma = true
  }

  private func separate() {
    if needsComma { append(UInt8(ascii: ",")) }
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
