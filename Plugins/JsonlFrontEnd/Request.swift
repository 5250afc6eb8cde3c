import FrontEndKit
import JSONLines
import TicTacToeFrontEndABI

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
    /// Give the terminal to the front end `name` (a spec); this one is detached.
    case frontend
    /// Attach the front end `name` (a spec) as an observer.
    case attach
    /// Detach the observer called `name`.
    case detach
    /// Write a `history` event: the recent `state` events, by `seq`.
    case history
    /// Put the whole state back as the `state` event `to` (a `seq`) showed it.
    case rewind

    /// Whether the command takes a `"name"` field.
    var takesName: Bool { self == .frontend || self == .attach || self == .detach }
  }

  /// What the line asks for.
  enum Kind {
    /// Send a user intent with its arguments, in call order.
    case action(ActionSpec, arguments: [ArgumentValue])
    /// Run a command, with its `"name"` if it takes one.
    case command(Command, name: String?)
    /// Rewind to the state of the `state` event numbered `seq`.
    case rewind(seq: Int)
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
  /// Decodes a parsed line, checking every rule of the protocol's input section. `redact`
  /// takes every name the messages quote from the line (the host's `redact`: the user may have
  /// typed the password there).
  init(
    decoding value: JSONValue, actions: ActionDirectory, redact: (String) -> String = { $0 }
  ) throws(RequestError) {
    guard case .object(let object) = value else {
      throw RequestError(message: "expected a JSON object, got \(value.kindDescription)")
    }
    let id = object["id"]
    if let id, id.string == nil, id.number == nil {
      throw RequestError(message: "\"id\" must be a string or a number, not \(id.kindDescription)")
    }
    do {
      let kind = try Self.kind(of: object, actions: actions) { Self.quoted(redact($0)) }
      self.init(kind: kind, id: id)
    } catch {
      throw RequestError(message: error.message, id: id)
    }
  }

  /// What `object` asks for; errors leave the `id` to the caller.
  private static func kind(
    of object: JSONObject, actions: ActionDirectory, quote: (String) -> String
  ) throws(RequestError) -> Kind {
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
          message:
            "unknown command \(quote(name)) (known: snapshot, settle, quit, frontend, attach, "
            + "detach, history, rewind)")
      }
      let allowed =
        command.takesName
        ? ["command", "id", "name"]
        : command == .rewind ? ["command", "id", "to"] : ["command", "id"]
      if let field = object.keys.first(where: { !allowed.contains($0) }) {
        throw RequestError(
          message: "unknown field \(quote(field)) for command \"\(command.rawValue)\"")
      }
      if command == .rewind {
        guard let to = object["to"]?.number?.exactInt, to > 0 else {
          throw RequestError(
            message: "command \"rewind\" needs \"to\": the seq of a state event, a positive "
              + "integer")
        }
        return .rewind(seq: to)
      }
      guard command.takesName else { return .command(command, name: nil) }
      guard let value = object["name"], let name = value.string, !name.isEmpty else {
        throw RequestError(
          message: "command \"\(command.rawValue)\" needs \"name\" (a front end, as a string)")
      }
      return .command(command, name: name)
    case (let action?, nil):
      guard let path = action.string else {
        throw RequestError(message: "\"action\" must be a string, not \(action.kindDescription)")
      }
      guard let spec = actions.spec(named: path) else {
        if actions.isEffectOnly(path) {
          throw RequestError(
            message: "\(quote(path)) is a server response that only effects send; a client "
              + "cannot send it")
        }
        throw RequestError(message: "unknown action \(quote(path))")
      }
      return try actionKind(spec, payloadIn: object, quote: quote)
    }
  }

  /// Checks the payload fields of `spec` in `object` against the host's description: none
  /// missing, none extra, each of its declared type.
  private static func actionKind(
    _ spec: ActionSpec, payloadIn object: JSONObject, quote: (String) -> String
  ) throws(RequestError) -> Kind {
    let fields = spec.fields
    let extra = object.members.lazy.map(\.key).first {
      $0 != "action" && $0 != "id" && !fields.contains($0)
    }
    if let extra {
      let expected =
        fields.isEmpty
        ? "it takes no payload" : "it takes " + fields.map(quoted).joined(separator: " and ")
      // A secret action's field names are not repeated: a misplaced password could be one.
      let field = spec.isSecret ? "an unknown field" : "unknown field \(quote(extra))"
      throw RequestError(message: "\(field) for action \"\(spec.path)\" (\(expected))")
    }
    var arguments: [ArgumentValue] = []
    arguments.reserveCapacity(spec.description.arguments.count)
    for argument in spec.description.arguments {
      let name = argument.name
      switch argument.type {
      case TTT_TYPE_STRING:
        guard let value = object[name] else {
          throw RequestError(message: "action \"\(spec.path)\" needs \"\(name)\" (a string)")
        }
        guard let text = value.string else {
          throw RequestError(
            message:
              "\"\(name)\" of \"\(spec.path)\" must be a string, not \(value.kindDescription)")
        }
        // Through the bytes: the view's own `contains` visits them one by one, generically.
        var bytes = text
        guard !bytes.withUTF8({ $0.contains(0) }) else {
          throw RequestError(message: "\"\(name)\" of \"\(spec.path)\" must not contain U+0000")
        }
        arguments.append(.string(text))
      case TTT_TYPE_INT32:
        guard let value = object[name] else {
          throw RequestError(message: "action \"\(spec.path)\" needs \"\(name)\" (an integer)")
        }
        guard let integer = value.number?.exactInt, let int32 = Int32(exactly: integer) else {
          if value.number?.isInteger == true {
            throw RequestError(
              message: "\"\(name)\" of \"\(spec.path)\" is out of range "
                + "\(Int32.min)...\(Int32.max): \(describe(value))")
          }
          throw RequestError(
            message: "\"\(name)\" of \"\(spec.path)\" must be an integer, not \(describe(value))")
        }
        arguments.append(.int32(int32))
      default:
        throw RequestError(
          message: "action \"\(spec.path)\" has an argument of a type this front end cannot "
            + "send (\(argument.type.rawValue))")
      }
    }
    return .action(spec, arguments: arguments)
  }

  /// `"name"`, escaped and shortened so a message stays one readable line.
  private static func quoted(_ name: String) -> String {
    let limit = 80
    let shown = name.count > limit ? String(name.prefix(limit)) + "..." : name
    return JSONValue.string(shown).description
  }

  /// A number as written (its start, when long), anything else by its kind.
  private static func describe(_ value: JSONValue) -> String {
    if let number = value.number {
      number.text.utf8.count > 24
        ? "\(number.text.prefix(20))… (\(number.text.utf8.count) characters)" : number.text
    } else {
      value.kindDescription
    }
  }
}
