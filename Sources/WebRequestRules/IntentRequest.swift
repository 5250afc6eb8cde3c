import FrontEndKit
import JSONLines
import TicTacToeFrontEndABI

/// A user intent as the page posts it (`POST /intent`): one JSON object naming the intent's
/// case path and giving its arguments by name, checked against the host's own description of
/// its intents (reflection), so that an intent added to the app works without a change here.
///
/// ```json
/// {"action": "newGame.game.cellTapped", "row": 0, "column": 2}
/// {"action": "login.view.binding.email", "value": "blob@pointfree.co"}
/// ```
public struct IntentRequest: Equatable, Sendable {
  /// The intent's case path.
  public var casePath: String
  /// Its arguments, in the order the host declares them.
  public var arguments: [Value]

  /// An argument's value.
  public enum Value: Equatable, Sendable {
    /// A string (`TTT_TYPE_STRING`).
    case string(String)
    /// A 32-bit integer (`TTT_TYPE_INT32`).
    case int32(Int32)

    /// The value as FrontEndKit sends it.
    public var argument: ArgumentValue {
      switch self {
      case .string(let text): .string(text)
      case .int32(let number): .int32(number)
      }
    }
  }

  /// Reads `body` against `catalog`; throws a 400 refusal that says what is wrong (never
  /// quoting a string argument: it may be the password).
  public init(body: [UInt8], catalog: IntentCatalog) throws(RequestRefusal) {
    guard body.count <= RequestRules.maximumBodySize else { throw .bodyTooLarge }
    let value: JSONValue
    do {
      value = try JSONParser(maxDepth: 4).parse(body)
    } catch {
      // Only where: the message could quote what was typed.
      throw Self.bad("the body is not JSON (byte \(error.offset))")
    }
    guard let object = value.object else {
      throw Self.bad("the body must be a JSON object, not \(value.kindDescription)")
    }
    guard let path = object["action"]?.string else {
      throw Self.bad(#"the body needs "action", an intent's case path as a string"#)
    }
    guard let intent = catalog.intents.first(where: { $0.casePath == path }) else {
      throw Self.bad("unknown action: not an intent of this app")
    }
    let names = Set(intent.arguments.map(\.name))
    if let extra = object.keys.first(where: { $0 != "action" && !names.contains($0) }) {
      throw Self.bad("\(path) takes no \"\(String(extra.prefix(64)))\"")
    }
    var arguments: [Value] = []
    for argument in intent.arguments {
      guard let given = object[argument.name] else {
        throw Self.bad("\(path) needs \"\(argument.name)\"")
      }
      if argument.isInteger {
        guard let number = given.number?.exactInt, let int32 = Int32(exactly: number) else {
          throw Self.bad("\"\(argument.name)\" must be an integer")
        }
        arguments.append(.int32(int32))
      } else {
        guard let text = given.string else {
          throw Self.bad("\"\(argument.name)\" must be a string")
        }
        arguments.append(.string(text))
      }
    }
    self.init(casePath: path, arguments: arguments)
  }

  /// An intent as given.
  public init(casePath: String, arguments: [Value]) {
    self.casePath = casePath
    self.arguments = arguments
  }

  private static func bad(_ message: String) -> RequestRefusal {
    RequestRefusal(status: 400, message)
  }
}

/// The intents the host accepts, as its reflection describes them, in a form any thread may
/// read (the MHD threads check a request's body before the store thread sees it).
public struct IntentCatalog: Equatable, Sendable {
  /// One intent: its case path and its arguments.
  public struct Intent: Equatable, Sendable {
    /// The case path: `newGame.game.cellTapped`.
    public var casePath: String
    /// Its arguments, in call order.
    public var arguments: [Argument]

    /// An intent as given.
    public init(casePath: String, arguments: [Argument]) {
      self.casePath = casePath
      self.arguments = arguments
    }
  }

  /// One argument of an intent.
  public struct Argument: Equatable, Sendable {
    /// Its name: `value`, `row`.
    public var name: String
    /// Whether it is a 32-bit integer (else a string).
    public var isInteger: Bool

    /// An argument as given.
    public init(name: String, isInteger: Bool) {
      self.name = name
      self.isInteger = isInteger
    }
  }

  /// Every intent, in the host's order.
  public var intents: [Intent]

  /// A catalog of `intents`.
  public init(intents: [Intent]) { self.intents = intents }

  /// The catalog of the intents `actions` describes (``HostConnection/actions()``).
  public init(_ actions: [ActionDescription]) {
    intents = actions.map { action in
      Intent(
        casePath: action.casePath,
        arguments: action.arguments.map {
          Argument(name: $0.name, isInteger: $0.type == TTT_TYPE_INT32)
        })
    }
  }
}
