/// A strict RFC 8259 parser: exactly one value, surrounded by optional whitespace; UTF-8 checked
/// byte by byte; no comments, trailing commas, single quotes, `NaN` or lone surrogates; duplicate
/// keys rejected; nesting bounded.
///
/// ```swift
/// let parser = JSONParser()
/// let value = try parser.parse(#"{"action": "login.view.loginButtonTapped", "id": 7}"#)
/// try parser.parse("[1, 2,]")  // throws: invalid JSON at byte 6: expected a value
/// ```
public struct JSONParser: Sendable {
  /// The nesting limit used unless another one is given.
  public static let defaultMaxDepth = 64

  /// How deep arrays and objects may nest; `[[1]]` has depth 2.
  public var maxDepth: Int

  /// A parser allowing `maxDepth` levels of nesting.
  public init(maxDepth: Int = JSONParser.defaultMaxDepth) {
    self.maxDepth = maxDepth
  }

  /// Parses one JSON text.
  public func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONError) -> JSONValue {
    var parser = ByteParser(bytes: bytes, maxDepth: maxDepth)
    return try parser.parseDocument()
  }

  /// Parses one JSON text.
  public func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONError) -> JSONValue {
    try parse(bytes.assumingMemoryBound(to: UInt8.self))
  }

  /// Parses one JSON text.
  public func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONError) in try parse(buffer) }
    }
    return try result.get()
  }

  /// Parses one JSON text.
  public func parse(_ text: String) throws(JSONError) -> JSONValue {
    var text = text
    let result = text.withUTF8 { buffer in
      Result { () throws(JSONError) in try parse(buffer) }
    }
    return try result.get()
  }
}
