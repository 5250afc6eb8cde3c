extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  /// `null`.
  public init(nilLiteral: ()) { self = .null }

  /// `true` or `false`.
  public init(booleanLiteral value: Bool) { self = .bool(value) }

  /// An integer.
  public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }

  /// A string.
  public init(stringLiteral value: String) { self = .string(value) }

  /// An array.
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

  /// An object with the members in the order written; a repeated key is a programming error.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    var object = JSONObject()
    for (key, value) in elements {
      let inserted = object.insert(value, forKey: key)
      precondition(inserted, "duplicate key in a JSON object literal")
    }
    self = .object(object)
  }
}
