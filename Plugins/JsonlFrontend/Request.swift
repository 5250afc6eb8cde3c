import JSONLines

/// One decoded input line: an action to send or a command, and the `id` to echo on its error.
///
/// ```swift
/// let request = try Request(decoding: try JSONParser().parse(line))
/// ```
struct Request {
  /// A protocol command.
  enum Command: String {
    /// Write a `state` event now.
    case snapshot
    /// Wait for every effect in flight before reading the next line.
    case settle
    /// Settle, then exit.
    case quit
  }

  /// What the line asks for.
  enum Kind {
    /// Send a user intent; `text` for `.text` payloads, `row`/`column` for `.cell`.
    case action(ActionSpec, text: String?, row: Int, column: Int)
    /// Run a command.
    case command(Command)
  }

  /// What the line asks for.
  var kind: Kind
  /// The line's `id` (a string or a number), if it had one.
  var id: JSONValue?
}

/// Why an input line was rejected, with the `id` to echo when it had a valid one.
struct RequestError: Error {
  /// The message of the `error` event; never quotes a secret.
  var message: String
  /// The line's `id`, if it had a valid one.
  var id: JSONValue?

  /// A rejection; `id` is filled in once the line's `id` is known to be valid.
  init(message: String, id: JSONValue? = nil) {
    self.message = message
    self.id = id
  }
}

extension Request {
  /// Decodes a parsed line, checking every rule of the protocol's input section.
  init(decoding value: JSONValue) throws(RequestError) {
    guard case .object(let object) = value else {
      throw RequestError(message: "expected a JSON object, got \(value.kindDescription)")
    }
    let id = object["id"]
    if let id, id.string == nil, id.number == nil {
      throw RequestError(message: "\"id\" must be a string or a number, not \(id.kindDescription)")
    }
    do {
      self.init(kind: try Self.kind(of: object), id: id)
    } catch {
      throw RequestError(message: error.message, id: id)
    }
  }

  /// What `object` asks for; errors leave the `id` to the caller.
  private static func kind(of object: JSONObject) throws(RequestError) -> Kind {
    switch (object["action"], object["command"]) {
    case (nil, nil):
      throw RequestError(message: "expected an \"action\" or a \"command\" field")
    case (.some, .some):
      throw RequestError(message: "a line has exactly one of \"action\" and \"command\", not both")
    case (nil, let command?):
      guard let name = command.string else {
        throw RequestError(message: "\"command\" must be a string, not \(command.kindDescription)")
      }
      guard let command = Command(rawValue: name) else {
        throw RequestError(
          message: "unknown command \(quoted(name)) (known: snapshot, settle, quit)")
      }
      if let field = object.keys.first(where: { $0 != "command" && $0 != "id" }) {
        throw RequestError(
          message: "unknown field \(quoted(field)) for command \"\(command.rawValue)\"")
      }
      return .command(command)
    case (let action?, nil):
      guard let path = action.string else {
        throw RequestError(message: "\"action\" must be a string, not \(action.kindDescription)")
      }
      guard let spec = ActionSpec.named(path) else {
        if ActionSpec.isEffectOnly(path) {
          throw RequestError(
            message: "\(quoted(path)) is a server response that only effects send; a client "
              + "cannot send it")
        }
        throw RequestError(message: "unknown action \(quoted(path))")
      }
      return try actionKind(spec, payloadIn: object)
    }
  }

  /// Checks the payload fields of `spec` in `object`: none missing, none extra, all well typed.
  private static func actionKind(
    _ spec: ActionSpec, payloadIn object: JSONObject
  ) throws(RequestError) -> Kind {
    let fields = spec.payload.fields
    let extra = object.keys.first { $0 != "action" && $0 != "id" && !fields.contains($0) }
    if let extra {
      let expected =
        fields.isEmpty
        ? "it takes no payload" : "it takes " + fields.map(quoted).joined(separator: " and ")
      // The password action's field names are not repeated: a misplaced password could be one.
      let field = spec.isSecret ? "an unknown field" : "unknown field \(quoted(extra))"
      throw RequestError(message: "\(field) for action \"\(spec.path)\" (\(expected))")
    }
    switch spec.payload {
    case .none:
      return .action(spec, text: nil, row: 0, column: 0)
    case .text:
      guard let value = object["value"] else {
        throw RequestError(message: "action \"\(spec.path)\" needs \"value\" (a string)")
      }
      guard let text = value.string else {
        throw RequestError(
          message: "\"value\" of \"\(spec.path)\" must be a string, not \(value.kindDescription)")
      }
      guard !text.utf8.contains(0) else {
        throw RequestError(message: "\"value\" of \"\(spec.path)\" must not contain U+0000")
      }
      return .action(spec, text: text, row: 0, column: 0)
    case .cell:
      var coordinates: [Int] = []
      for field in fields {
        guard let value = object[field] else {
          throw RequestError(
            message: "action \"\(spec.path)\" needs \"\(field)\" (an integer from 0 to 2)")
        }
        guard let coordinate = value.number?.exactInt, (0...2).contains(coordinate) else {
          throw RequestError(
            message: "\"\(field)\" must be an integer from 0 to 2, not \(describe(value))")
        }
        coordinates.append(coordinate)
      }
      return .action(spec, text: nil, row: coordinates[0], column: coordinates[1])
    }
  }

  /// `"name"`, escaped and shortened so a message stays one readable line.
  private static func quoted(_ name: String) -> String {
    let limit = 80
    let shown = name.count > limit ? String(name.prefix(limit)) + "..." : name
    return JSONValue.string(shown).description
  }

  /// A number as written, anything else by its kind.
  private static func describe(_ value: JSONValue) -> String {
    if let number = value.number {
      number.text.utf8.count > 24 ? "a number of \(number.text.utf8.count) characters" : number.text
    } else {
      value.kindDescription
    }
  }
}
