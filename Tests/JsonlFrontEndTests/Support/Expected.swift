import JSONLines

/// Expected events, without `seq`, as ``Transcript/afterAttach`` lists them.
enum Expected {
  /// An `action` event, with its `payload` (`{}` for an action that carries nothing).
  static func action(
    _ path: String, effect: Bool = false, error: String? = nil, payload: JSONValue = [:]
  ) -> JSONValue {
    var object = JSONObject()
    object.insert("action", forKey: "type")
    object.insert(.string(path), forKey: "action")
    object.insert(effect ? "effect" : "frontend", forKey: "origin")
    if let error { object.insert(.string(error), forKey: "error") }
    object.insert(payload, forKey: "payload")
    return .object(object)
  }

  /// A `state` event.
  static func state(_ state: JSONValue) -> JSONValue {
    ["type": "state", "state": state]
  }

  /// An `error` event.
  static func error(_ message: String, line: Int?, id: JSONValue? = nil) -> JSONValue {
    var object = JSONObject()
    object.insert("error", forKey: "type")
    object.insert(.string(message), forKey: "message")
    if let line { object.insert(.number(JSONNumber(line)), forKey: "line") }
    if let id { object.insert(id, forKey: "id") }
    return .object(object)
  }
}
