/// Writes compact JSON into a reusable byte buffer, with commas placed for you.
///
/// Strings are escaped per RFC 8259: `"` and `\` with a backslash, `\n`, `\r`, `\t`, `\b` and
/// `\f` in their short forms, other control characters as `\u00XX`, DEL and the C1 controls
/// (U+007F to U+009F, which some terminals obey) too, so a line shown on a terminal cannot
/// drive it; everything else, including non-ASCII text, is written as UTF-8.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.beginObject()
/// writer.key("type")
/// writer.string("hello")
/// writer.key("seq")
/// writer.number(1)
/// writer.endObject()
/// writer.text  // {"type":"hello","seq":1}
/// ```
public struct JSONWriter: Sendable {
  /// The JSON written so far, as UTF-8.
  public private(set) var bytes: [UInt8] = []

  /// Whether the next key or value follows a sibling and needs a comma first.
  private var needsComma = false

  /// An empty writer that can hold `capacity` bytes before growing.
  public init(capacity: Int = 256) {
    bytes.reserveCapacity(capacity)
  }

  /// The JSON written so far, as a string.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Empties the buffer, keeping its capacity, to write the next document.
  public mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
    needsComma = false
  }

  /// Appends raw bytes, such as the `\n` ending a JSON line; no comma is placed.
  public mutating func appendRaw(_ byte: UInt8) {
    bytes.append(byte)
  }

  /// Appends `raw` as it is, such as a line's start made once (`{"type":"state","seq":`):
  /// no comma is placed, and whether the next value needs one does not change. Nothing checks
  /// it: together with what follows, it must be JSON.
  public mutating func appendRaw(contentsOf raw: [UInt8]) {
    bytes.append(contentsOf: raw)
  }

  /// Writes `json`, a whole value another writer wrote (an object, say), as it is: with a
  /// comma first if it follows a sibling. Nothing checks it: it must be JSON.
  public mutating func rawValue(_ json: [UInt8]) {
    separate()
    bytes.append(contentsOf: json)
    needsComma = true
  }

  /// ``rawValue(_:)-([UInt8])`` of bytes in a buffer (a string's UTF-8, say).
  public mutating func rawValue(_ json: UnsafeRawBufferPointer) {
    separate()
    bytes.append(contentsOf: json)
    needsComma = true
  }

  /// Writes `json`, members of an object another writer wrote (`"a":1,"b":2`), as they are:
  /// after a comma if they follow a sibling. Nothing checks them: they must be JSON members.
  public mutating func rawMembers(_ json: [UInt8]) {
    rawValue(json)
  }

  // MARK: Containers

  /// Opens an object: `{`.
  public mutating func beginObject() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  /// Closes an object: `}`.
  public mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  /// Opens an array: `[`.
  public mutating func beginArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  /// Closes an array: `]`.
  public mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// Writes a member's key and its colon; write the value next.
  public mutating func key(_ key: String) {
    separate()
    appendEscaped(key)
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  /// Writes a key that ``quoted(_:)`` made, and its colon: for keys written again and again,
  /// escaped once.
  public mutating func rawKey(_ quoted: [UInt8]) {
    separate()
    bytes.append(contentsOf: quoted)
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  /// `key` quoted and escaped, as ``key(_:)`` writes it, for ``rawKey(_:)``.
  public static func quoted(_ key: String) -> [UInt8] {
    var writer = JSONWriter(capacity: key.utf8.count + 2)
    writer.string(key)
    return writer.bytes
  }

  // MARK: Scalars

  /// Writes a string.
  public mutating func string(_ string: String) {
    separate()
    appendEscaped(string)
    needsComma = true
  }

  /// Writes the string of the UTF-8 bytes `utf8` (a C string's, say) without making a
  /// `String` of them first. The bytes must be valid UTF-8, as the host's always are (each is
  /// a Swift `String`'s): they are not checked, so that the scan stays fast, and invalid bytes
  /// are written as they are, which makes the line invalid JSON.
  public mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
    separate()
    appendEscaped(utf8)
    needsComma = true
  }

  /// Writes a string, or `null` for `nil`.
  public mutating func string(_ string: String?) {
    if let string { self.string(string) } else { null() }
  }

  /// Writes an integer.
  public mutating func number(_ value: Int) {
    separate()
    // The digits, last first, on the stack, then appended at once: an append of each checks
    // the array's uniqueness and capacity again.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var magnitude = value.magnitude
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if value < 0 {
        start -= 1
        digits[start] = UInt8(ascii: "-")
      }
      bytes.append(contentsOf: UnsafeMutableBufferPointer(rebasing: digits[start...]))
    }
    needsComma = true
  }

  /// Writes a number exactly as its literal text.
  public mutating func number(_ number: JSONNumber) {
    separate()
    bytes.append(contentsOf: number.text.utf8)
    needsComma = true
  }

  /// Writes `true` or `false`.
  public mutating func bool(_ value: Bool) {
    separate()
    append(value ? "true" : "false")
    needsComma = true
  }

  /// Writes `null`.
  public mutating func null() {
    separate()
    append("null")
    needsComma = true
  }

  /// Appends a literal's bytes in one copy: a `String`'s UTF-8 view is appended byte by byte.
  private mutating func append(_ literal: StaticString) {
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  /// Writes any value, recursively.
  public mutating func value(_ value: JSONValue) {
    switch value {
    case .null: null()
    case .bool(let bool): self.bool(bool)
    case .number(let number): self.number(number)
    case .string(let string): self.string(string)
    case .array(let array):
      beginArray()
      for element in array { self.value(element) }
      endArray()
    case .object(let object):
      beginObject()
      for member in object.members {
        key(member.key)
        self.value(member.value)
      }
      endObject()
    }
  }

  // MARK: Internals

  @inline(__always)
  private mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }

  private static let hexDigits: StaticString = "0123456789abcdef"

  /// Appends `string` quoted and escaped, copying runs that need no escaping in one go.
  private mutating func appendEscaped(_ string: String) {
    var string = string
    string.withUTF8 { appendEscaped($0) }
  }

  /// Appends the UTF-8 bytes `utf8` quoted and escaped, as ``appendEscaped(_:)-(String)``.
  private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
    bytes.append(UInt8(ascii: "\""))
    var runStart = 0
    var index = 0
    while let found = Self.firstSpecial(in: utf8, from: index) {
      index = found
      let byte = utf8[index]
      // A C1 control is U+0080...U+009F: 0xC2 then 0x80...0x9F in UTF-8.
      let isC1 = byte == 0xC2 && index + 1 < utf8.count && utf8[index + 1] < 0xA0
      guard byte != 0xC2 || isC1 else {
        index += 1
        continue
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
      bytes.append(UInt8(ascii: "\\"))
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
      case 0x0A: bytes.append(UInt8(ascii: "n"))
      case 0x0D: bytes.append(UInt8(ascii: "r"))
      case 0x09: bytes.append(UInt8(ascii: "t"))
      case 0x08: bytes.append(UInt8(ascii: "b"))
      case 0x0C: bytes.append(UInt8(ascii: "f"))
      default:
        let scalar = isC1 ? utf8[index + 1] : byte
        bytes.append(contentsOf: "u00".utf8)
        bytes.append(Self.hexDigits.utf8Start[Int(scalar >> 4)])
        bytes.append(Self.hexDigits.utf8Start[Int(scalar & 0xF)])
      }
      index += isC1 ? 2 : 1
      runStart = index
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    bytes.append(UInt8(ascii: "\""))
  }

  /// The index of the first byte from `start` on that may need escaping: a control character,
  /// `"`, `\\`, DEL, or 0xC2 (which starts a C1 control, or another character); `nil` when none.
  ///
  /// Eight bytes at a time, as one word: a byte below 0x20, or one equal to a given value, is
  /// found with a few arithmetic operations on the whole word, so the text an event carries
  /// (keys, names, addresses) is scanned at a fraction of an instruction per byte.
  @inline(__always)
  private static func firstSpecial(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    /// Whether a byte of `word` is zero.
    @inline(__always) func hasZero(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
    var index = start
    if let base = utf8.baseAddress {
      while index + 8 <= utf8.count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let hasControl = (word &- ones &* 0x20) & ~word & highs != 0
        if hasControl || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
          || hasZero(word ^ (ones &* 0x7F)) || hasZero(word ^ (ones &* 0xC2))
        {
          break
        }
        index += 8
      }
    }
    while index < utf8.count {
      let byte = utf8[index]
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
        || byte == 0xC2
      {
        return index
      }
      index += 1
    }
    return nil
  }
}
