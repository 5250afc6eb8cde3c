/// The recursive-descent parser over a byte buffer.
struct ByteParser {
  let bytes: UnsafeBufferPointer<UInt8>
  let maxDepth: Int
  var index = 0
  var depth = 0
  /// Reused for strings with escapes.
  var scratch: [UInt8] = []

  init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
    self.bytes = bytes
    self.maxDepth = maxDepth
  }

  mutating func parseDocument() throws(JSONError) -> JSONValue {
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    guard index == bytes.count else { throw syntaxError("expected the end of the input") }
    return value
  }

  // MARK: Values

  mutating func parseValue() throws(JSONError) -> JSONValue {
    guard index < bytes.count else { throw syntaxError("expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    default: throw syntaxError("expected a value")
    }
  }

  mutating func parseObject() throws(JSONError) -> JSONValue {
    try enterContainer()
    index += 1
    var object = JSONObject()
    skipWhitespace()
    if peek(UInt8(ascii: "}")) {
      index += 1
      depth -= 1
      return .object(object)
    }
    while true {
      guard peek(UInt8(ascii: "\"")) else {
        throw syntaxError(object.isEmpty ? "expected '\"' or '}'" : "expected '\"'")
      }
      let keyOffset = index
      let key = try parseString()
      skipWhitespace()
      guard peek(UInt8(ascii: ":")) else { throw syntaxError("expected ':'") }
      index += 1
      skipWhitespace()
      let value = try parseValue()
      guard object.insert(value, forKey: key) else {
        throw JSONError(.syntax, at: keyOffset, "duplicate key")
      }
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        index += 1
        skipWhitespace()
      } else if peek(UInt8(ascii: "}")) {
        index += 1
        depth -= 1
        return .object(object)
      } else {
        throw syntaxError("expected ',' or '}'")
      }
    }
  }

  mutating func parseArray() throws(JSONError) -> JSONValue {
    try enterContainer()
    index += 1
    var array: [JSONValue] = []
    skipWhitespace()
    if peek(UInt8(ascii: "]")) {
      index += 1
      depth -= 1
      return .array(array)
    }
    while true {
      array.append(try parseValue())
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        index += 1
        skipWhitespace()
      } else if peek(UInt8(ascii: "]")) {
        index += 1
        depth -= 1
        return .array(array)
      } else {
        throw syntaxError("expected ',' or ']'")
      }
    }
  }

  mutating func parseNumber() throws(JSONError) -> JSONValue {
    switch NumberGrammar.scan(bytes, from: index) {
    case .literal(let end):
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
      index = end
      return .number(JSONNumber(uncheckedText: text))
    case .invalid(let offset, let message):
      index = offset
      throw syntaxError(message)
    }
  }

  mutating func expectLiteral(_ literal: StaticString) throws(JSONError) {
    let start = index
    for offset in 0..<literal.utf8CodeUnitCount {
      guard start + offset < bytes.count, bytes[start + offset] == literal.utf8Start[offset] else {
        index = start
        throw syntaxError("expected a value")
      }
    }
    index = start + literal.utf8CodeUnitCount
  }

  // MARK: Strings

  /// Parses the string whose opening quote is at `index`.
  mutating func parseString() throws(JSONError) -> String {
    let opening = index
    index += 1
    let start = index
    // Fast path: no escapes, so the string is a slice of the input.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let string = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += 1
        return string
      }
      if byte == UInt8(ascii: "\\") { break }
      try advanceOverCharacter(byte)
    }
    guard index < bytes.count else {
      throw JSONError(.syntax, at: opening, "unterminated string")
    }
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: scratch, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") {
        try parseEscape()
      } else {
        let characterStart = index
        try advanceOverCharacter(byte)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[characterStart..<index]))
      }
    }
    throw JSONError(.syntax, at: opening, "unterminated string")
  }

  /// Steps over one unescaped character of a string, checking it.
  @inline(__always)
  mutating func advanceOverCharacter(_ byte: UInt8) throws(JSONError) {
    if byte >= 0x80 {
      guard let length = UTF8Validation.sequenceLength(bytes, at: index) else {
        throw invalidUTF8()
      }
      index += length
    } else if byte < 0x20 {
      throw syntaxError("control characters must be escaped in strings")
    } else {
      index += 1
    }
  }

  /// Decodes the escape at `index` (a backslash) into `scratch`.
  mutating func parseEscape() throws(JSONError) {
    index += 1
    guard index < bytes.count else { throw syntaxError("unterminated escape") }
    let escaped = bytes[index]
    index += 1
    switch escaped {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escaped)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      let escapeStart = index - 2
      let unit = try parseHex4()
      switch unit {
      case 0xD800...0xDBFF:
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else {
          throw JSONError(.syntax, at: escapeStart, "unpaired surrogate \\u\(hex(unit))")
        }
        index += 2
        let low = try parseHex4()
        guard (0xDC00...0xDFFF).contains(low) else {
          throw JSONError(.syntax, at: escapeStart, "unpaired surrogate \\u\(hex(unit))")
        }
        let scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        UTF8Validation.append(scalar, to: &scratch)
      case 0xDC00...0xDFFF:
        throw JSONError(.syntax, at: escapeStart, "unpaired surrogate \\u\(hex(unit))")
      default:
        UTF8Validation.append(unit, to: &scratch)
      }
    default:
      index -= 1
      throw syntaxError("invalid escape")
    }
  }

  mutating func parseHex4() throws(JSONError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count else { throw syntaxError("expected 4 hexadecimal digits") }
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw syntaxError("expected 4 hexadecimal digits")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  // MARK: Helpers

  @inline(__always)
  func peek(_ byte: UInt8) -> Bool {
    index < bytes.count && bytes[index] == byte
  }

  @inline(__always)
  mutating func skipWhitespace() {
    index = JSONWhitespace.end(in: bytes, from: index)
  }

  mutating func enterContainer() throws(JSONError) {
    depth += 1
    guard depth <= maxDepth else {
      throw JSONError(.tooDeep, at: index, "nesting deeper than \(maxDepth) levels")
    }
  }

  /// A syntax error at `index`; a non-ASCII byte there that does not start valid UTF-8 is
  /// reported as what it is.
  func syntaxError(_ message: String) -> JSONError {
    if index < bytes.count, bytes[index] >= 0x80,
      UTF8Validation.sequenceLength(bytes, at: index) == nil
    {
      return invalidUTF8()
    }
    let found = index < bytes.count ? "" : " (found the end of the input)"
    return JSONError(.syntax, at: index, message + found)
  }

  func invalidUTF8() -> JSONError {
    JSONError(
      .invalidUTF8, at: index, "malformed sequence starting with byte 0x\(hex(bytes[index]))")
  }

  func hex(_ value: some BinaryInteger) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    let width = value.bitWidth <= 8 ? 2 : 4
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
