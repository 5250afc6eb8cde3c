import Glibc

/// Finds the members of a flat JSON object in place, without building a ``JSONValue``: where
/// each key and value lie in the bytes. A request line (`{"action": "...", "value": "..."}`)
/// is read this way with no allocation; anything else is left to ``JSONParser``.
///
/// It accepts only an object whose keys are strings without escapes, each at most once, and
/// whose values are strings without escapes or numbers: the text ``JSONParser`` accepts as
/// such an object, checked as strictly (UTF-8, control characters, the number grammar). For
/// every other text, valid or not, ``scan(_:)`` returns `false`: parse it then, which says
/// what is wrong or builds the value.
///
/// ```swift
/// var scanner = FlatObjectScanner()
/// if scanner.scan(bytes), let action = scanner.member(named: "action", in: bytes) { ... }
/// ```
public struct FlatObjectScanner: Sendable {
  /// One `"key": value` member: byte ranges into the scanned text.
  public struct Member: Sendable {
    /// The key's bytes, without its quotes.
    public var key: Range<Int>
    /// A string's bytes without its quotes, or a number's literal.
    public var value: Range<Int>
    /// Whether the value is a string (else a number).
    public var isString: Bool
  }

  /// The members of the last text scanned successfully, in order; reused from line to line.
  public private(set) var members: [Member] = []

  /// The most members an object may have to be scanned; a larger one is left to the parser.
  public static let maximumMembers = 8

  /// A scanner, its member list empty.
  public init() {
    members.reserveCapacity(Self.maximumMembers)
  }

  /// Scans `bytes` as one flat object, surrounded by optional whitespace; `false` when it is
  /// not one (see the type's description), and ``members`` is then not to be used.
  ///
  /// - Parameter bytes: One JSON text.
  /// - Returns: Whether `bytes` is a flat object, whose members are now in ``members``.
  public mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    members.removeAll(keepingCapacity: true)
    var reader = Reader(bytes: bytes)
    reader.skipWhitespace()
    guard reader.take(UInt8(ascii: "{")) else { return false }
    reader.skipWhitespace()
    if reader.take(UInt8(ascii: "}")) { return reader.isAtEndAfterWhitespace() }
    while true {
      guard members.count < Self.maximumMembers, let key = reader.string() else { return false }
      guard !members.contains(where: { Self.equal(bytes, $0.key, key) }) else { return false }
      reader.skipWhitespace()
      guard reader.take(UInt8(ascii: ":")) else { return false }
      reader.skipWhitespace()
      if let value = reader.string() {
        members.append(Member(key: key, value: value, isString: true))
      } else if let value = reader.number() {
        members.append(Member(key: key, value: value, isString: false))
      } else {
        return false
      }
      reader.skipWhitespace()
      if reader.take(UInt8(ascii: "}")) { return reader.isAtEndAfterWhitespace() }
      guard reader.take(UInt8(ascii: ",")) else { return false }
      reader.skipWhitespace()
    }
  }

  /// The member of the last scan whose key is `name`.
  ///
  /// - Parameters:
  ///   - name: The key, as written (no escapes).
  ///   - bytes: The text last scanned.
  /// - Returns: The member, or `nil` when there is none of that name.
  public func member(named name: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Member? {
    let key = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
    return members.first { Self.equal(bytes, $0.key, key) }
  }

  /// Whether `bytes[range]` is `other`: a member's key or value compared with a name.
  ///
  /// - Parameters:
  ///   - bytes: The text scanned.
  ///   - range: A member's key or value in it.
  ///   - other: The bytes to compare with.
  /// - Returns: Whether they are the same bytes.
  public static func equal(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ other: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard range.count == other.count else { return false }
    guard let base = bytes.baseAddress, let other = other.baseAddress else { return true }
    return memcmp(base + range.lowerBound, other, range.count) == 0
  }

  private static func equal(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ other: Range<Int>
  ) -> Bool {
    guard range.count == other.count else { return false }
    guard let base = bytes.baseAddress else { return true }
    return memcmp(base + range.lowerBound, base + other.lowerBound, range.count) == 0
  }

  /// A cursor over the text, with the checks ``ByteParser`` makes.
  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    mutating func take(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }

    mutating func skipWhitespace() {
      index = JSONWhitespace.end(in: bytes, from: index)
    }

    mutating func isAtEndAfterWhitespace() -> Bool {
      skipWhitespace()
      return index == bytes.count
    }

    /// The contents of a string without escapes at `index`, valid UTF-8 without control
    /// characters; `nil` (and the index anywhere) otherwise.
    mutating func string() -> Range<Int>? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      let start = index
      skipPlainWords()
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          index += 1
          return start..<index - 1
        }
        if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
        if byte >= 0x80 {
          guard let length = UTF8Validation.sequenceLength(bytes, at: index) else { return nil }
          index += length
        } else {
          index += 1
        }
      }
      return nil
    }

    /// Passes over the bytes a string takes as they are (ASCII from a space on, other than
    /// `"` and `\`) eight at a time, up to the first other byte, found in its word with a few
    /// operations on the whole word: each of the word's bytes gets its high bit set when it is
    /// below 0x20, equal to a given value, or non-ASCII, and the lowest set bit is the first.
    private mutating func skipPlainWords() {
      guard let base = bytes.baseAddress else { return }
      let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
      let highs: UInt64 = 0x8080_8080_8080_8080
      /// The high bit of each zero byte of `word`.
      @inline(__always) func zeros(_ word: UInt64) -> UInt64 {
        ~(((word & lows) &+ lows) | word | lows)
      }
      while index + 8 <= bytes.count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        // A byte without its high bit, plus 0x60, reaches 0x80 from 0x20 on.
        let controls = ~((word & lows) &+ 0x6060_6060_6060_6060) & highs
        let others =
          (word & highs) | controls | zeros(word ^ 0x2222_2222_2222_2222)
          | zeros(word ^ 0x5C5C_5C5C_5C5C_5C5C)
        guard others == 0 else {
          index += (UInt64(littleEndian: others)).trailingZeroBitCount / 8
          return
        }
        index += 8
      }
    }

    /// A number literal at `index`; `nil` when there is none or it breaks the grammar.
    mutating func number() -> Range<Int>? {
      guard index < bytes.count,
        bytes[index] == UInt8(ascii: "-")
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]),
        case .literal(let end) = NumberGrammar.scan(bytes, from: index)
      else { return nil }
      defer { index = end }
      return index..<end
    }
  }
}
