/// A JSON value (RFC 8259), as the ``JSONParser`` reads it and the ``JSONWriter`` writes it.
///
/// Objects keep their members in input order; numbers keep their literal text, so nothing is
/// lost to floating point and a 40-digit integer survives a round trip.
///
/// ```swift
/// let value = try JSONParser().parse(#"{"row": 1, "ok": true}"#)
/// value["row"]?.number?.exactInt  // 1
/// ```
public enum JSONValue: Equatable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, kept as its literal text.
  case number(JSONNumber)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, with its members in order.
  case object(JSONObject)

  /// The member named `key` when this is an object holding one, else `nil`.
  public subscript(key: String) -> JSONValue? {
    if case .object(let object) = self { object[key] } else { nil }
  }

  /// The object, if this is one.
  public var object: JSONObject? {
    if case .object(let object) = self { object } else { nil }
  }

  /// The array, if this is one.
  public var array: [JSONValue]? {
    if case .array(let array) = self { array } else { nil }
  }

  /// The string, if this is one.
  public var string: String? {
    if case .string(let string) = self { string } else { nil }
  }

  /// The number, if this is one.
  public var number: JSONNumber? {
    if case .number(let number) = self { number } else { nil }
  }

  /// The boolean, if this is one.
  public var bool: Bool? {
    if case .bool(let bool) = self { bool } else { nil }
  }

  /// Whether this is `null`.
  public var isNull: Bool { self == .null }

  /// What kind of value this is, for messages: "an object", "a string", "null", ...
  public var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
