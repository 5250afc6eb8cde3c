import JSONLines
import TicTacToeAppCore
import TicTacToeAppSchema
import TicTacToeAuthenticationClient

/// The `--record` log: JSON-lines, a header and then one line per processed action.
///
/// ```json
/// {"format":"tictactoe-record","version":1,"start":{"screen":"login","email":""}}
/// {"ms":4,"origin":"frontend","action":"login.view.binding.email","value":"blob@pointfree.co","state":{...}}
/// {"ms":1012,"origin":"effect","action":"login.loginResponse.success","token":"<redacted>","twoFactorRequired":false,"state":{...}}
/// ```
///
/// Each line carries the action's case path and payload, where it came from, when (milliseconds
/// since the recording started), and the state it led to as a session saves it. A rewind is a
/// line too (`"origin":"rewind"`, no action), whose state is the one rewound to. Secrets are
/// redacted as everywhere else (`"<redacted>"`, or `""` for an empty one), and the state has
/// none. Replaying needs no live server: an effect's result is an action of the log like any
/// other, and the states let a replay check, line by line, that it still follows the recording.
public enum ActionLog {
  /// The format version this build writes; it reads this one and older.
  public static let version = 1
  /// The `format` member of the header line.
  public static let format = "tictactoe-record"
  /// What a secret becomes in the log.
  public static let redacted = "<redacted>"

  /// One action of the log.
  public struct Record: Equatable, Sendable {
    /// Where an action came from.
    public enum Origin: String, Sendable {
      /// A front end (a user's intent).
      case frontend
      /// An effect (a server's answer, a dismissal).
      case effect
      /// The host, rewinding to ``Record/state`` (no action).
      case rewind
    }

    /// The action, secrets redacted; `nil` for a rewind.
    public var action: TicTacToe.Action?
    /// Where it came from.
    public var origin: Origin
    /// Seconds since the recording started.
    public var time: Double
    /// The state it led to. The log writes only what a session saves, so a decoded record
    /// holds it in that form (see ``SessionSnapshot/restored(_:)``).
    public var state: TicTacToe.State

    /// A record of `action`.
    public init(action: TicTacToe.Action?, origin: Origin, time: Double, state: TicTacToe.State) {
      self.action = action
      self.origin = origin
      self.time = time
      self.state = state
    }
  }

  /// Why a line is not one this build can replay.
  public struct DecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The message, naming the member that is wrong.
    public let description: String
  }

  // MARK: Writing

  /// The header line: the format, and the state the recording starts from.
  public static func header(start: TicTacToe.State) -> [UInt8] {
    line(["format": .string(format), "version": 1, "start": SessionSnapshot.json(start)])
  }

  /// The line of `record`.
  public static func encode(_ record: Record) -> [UInt8] {
    var object: JSONValue = [
      "ms": .number(JSONNumber(Int((record.time * 1000).rounded()))),
      "origin": .string(record.origin.rawValue),
    ]
    if let action = record.action {
      for (key, value) in payload(of: action) { object = adding(key, value, to: object) }
    }
    object = adding("state", SessionSnapshot.json(record.state), to: object)
    return line(object)
  }

  private static func line(_ value: JSONValue) -> [UInt8] {
    var writer = JSONWriter()
    writer.value(value)
    writer.appendRaw(UInt8(ascii: "\n"))
    return writer.bytes
  }

  private static func adding(_ key: String, _ value: JSONValue, to object: JSONValue) -> JSONValue {
    guard var members = object.object else { return object }
    _ = members.insert(value, forKey: key)
    return .object(members)
  }

  /// Writes the payload of `action` as a JSON object, secrets redacted as in the log (the
  /// `action` member and a failure's `error` name left out): `{"row":0,"column":2}` for a tap,
  /// `{}` for an action that carries nothing. The JSON-lines `action` event shows it as its
  /// `payload`.
  ///
  /// An intent's arguments are written as they are read, with no list of members in between:
  /// this runs for every action the store processes while an action observer is attached.
  ///
  /// - Parameters:
  ///   - action: The action whose payload is written.
  ///   - writer: The writer the object is appended to.
  /// - Returns: The intent's case path when `action` is a user intent (found while writing, so
  ///   that the caller need not look for it again), `nil` for an effect's action.
  @discardableResult
  public static func writePayload(
    of action: TicTacToe.Action, to writer: inout JSONWriter
  ) -> String? {
    writer.beginObject()
    guard let (intent, values) = AppSchema.intentAndValues(of: action) else {
      for (key, value) in payload(of: action) where key != "action" && key != "error" {
        writer.key(key)
        writer.value(value)
      }
      writer.endObject()
      return nil
    }
    for (argument, value) in zip(intent.arguments, values) {
      writer.key(argument.name)
      switch value {
      case .text(let text):
        writer.string(argument.isSecret && !text.isEmpty ? redacted : text)
      case .integer(let number): writer.number(number)
      }
    }
    writer.endObject()
    return intent.casePath
  }

  /// An argument's value as the log and the payload write it, a secret redacted.
  private static func json(_ value: AppSchema.Value, isSecret: Bool) -> JSONValue {
    switch value {
    case .text(let text): isSecret ? secret(text) : .string(text)
    case .integer(let number): .number(JSONNumber(number))
    }
  }

  private static func secret(_ value: String) -> JSONValue {
    .string(value.isEmpty ? "" : redacted)
  }

  /// The `action` member and the payload's members: an intent's arguments as the schema
  /// names them, a response's token (a secret), whether it asks for a second factor, or its
  /// error's name.
  private static func payload(of action: TicTacToe.Action) -> [(String, JSONValue)] {
    if let (intent, values) = AppSchema.intentAndValues(of: action) {
      var members: [(String, JSONValue)] = [("action", .string(intent.casePath))]
      for (argument, value) in zip(intent.arguments, values) {
        members.append((argument.name, json(value, isSecret: argument.isSecret)))
      }
      return members
    }
    guard let (response, outcome) = AppSchema.response(of: action) else {
      return [("action", "unknown")]
    }
    return self.response(response.name(of: outcome), outcome)
  }

  private static func response(
    _ name: String, _ result: Result<AuthenticationResponse, AuthenticationError>
  ) -> [(String, JSONValue)] {
    switch result {
    case .success(let response):
      return [
        ("action", .string(name)), ("token", secret(response.token)),
        ("twoFactorRequired", .bool(response.twoFactorRequired)),
      ]
    case .failure(let error):
      return [("action", .string(name)), ("error", .string(errorName(error)))]
    }
  }

  private static let errors: [(String, AuthenticationError)] = [
    ("invalidUserPassword", .invalidUserPassword), ("invalidTwoFactor", .invalidTwoFactor),
    ("invalidIntermediateToken", .invalidIntermediateToken),
  ]

  private static func errorName(_ error: AuthenticationError) -> String {
    errors.first { $0.1 == error }?.0 ?? "invalidUserPassword"
  }

  // MARK: Reading

  /// The start state of a header line.
  public static func decodeHeader(_ line: [UInt8]) throws(DecodeError) -> TicTacToe.State {
    let object = try parse(line)
    guard object["format"]?.string == format else {
      throw DecodeError(
        description: "it is not a tictactoe recording (no \"format\":\"\(format)\")")
    }
    guard let fileVersion = object["version"]?.number?.exactInt, fileVersion >= 1 else {
      throw DecodeError(description: "version: must be a positive integer")
    }
    guard fileVersion <= version else {
      throw DecodeError(
        description: "it was written by a newer tictactoe (format version \(fileVersion); this "
          + "one reads up to \(version))")
    }
    return try state(object["start"], "start")
  }

  /// The record of an action line.
  public static func decode(_ line: [UInt8]) throws(DecodeError) -> Record {
    let object = try parse(line)
    guard let origin = object["origin"]?.string.flatMap(Record.Origin.init(rawValue:)) else {
      throw DecodeError(description: "origin: must be \"frontend\", \"effect\" or \"rewind\"")
    }
    guard let milliseconds = object["ms"]?.number?.exactInt, milliseconds >= 0 else {
      throw DecodeError(description: "ms: must be a number of milliseconds")
    }
    let time = Double(milliseconds) / 1000
    var action: TicTacToe.Action?
    if origin != .rewind {
      guard let path = object["action"]?.string else {
        throw DecodeError(description: "action: must be a case path string")
      }
      action = try self.action(path, object)
    }
    return Record(
      action: action, origin: origin, time: time, state: try state(object["state"], "state"))
  }

  private static func parse(_ line: [UInt8]) throws(DecodeError) -> JSONObject {
    let value: JSONValue
    do {
      value = try JSONParser().parse(line)
    } catch {
      throw DecodeError(description: "it is not JSON (\(error))")
    }
    guard let object = value.object else {
      throw DecodeError(description: "it is not a JSON object")
    }
    return object
  }

  private static func state(_ value: JSONValue?, _ key: String) throws(DecodeError)
    -> TicTacToe.State
  {
    guard let value else { throw DecodeError(description: "\(key): is missing") }
    do {
      return try SessionSnapshot.state(from: value, path: key)
    } catch {
      throw DecodeError(description: error.description)
    }
  }

  private static func action(_ path: String, _ object: JSONObject) throws(DecodeError)
    -> TicTacToe.Action
  {
    func text(_ key: String) throws(DecodeError) -> String {
      guard let value = object[key]?.string else {
        throw DecodeError(description: "\(key): \(path) needs a string")
      }
      return value
    }
    if let intent = AppSchema.intent(named: path) {
      var values: [AppSchema.Value] = []
      for argument in intent.arguments {
        guard let range = argument.range else {
          values.append(.text(try text(argument.name)))
          continue
        }
        guard let value = object[argument.name]?.number?.exactInt, range.contains(value) else {
          throw DecodeError(
            description:
              "\(argument.name): \(path) needs an integer from \(range.lowerBound) to "
              + "\(range.upperBound)")
        }
        values.append(.integer(value))
      }
      do {
        return try intent.make(values).get()
      } catch {
        throw DecodeError(description: "action: \(path) cannot be made from \(values)")
      }
    }
    guard let (response, isSuccess) = AppSchema.response(named: path) else {
      throw DecodeError(description: "action: unknown action \"\(path)\"")
    }
    if isSuccess {
      guard let required = object["twoFactorRequired"]?.bool else {
        throw DecodeError(description: "twoFactorRequired: \(path) needs true or false")
      }
      return response.make(
        .success(AuthenticationResponse(token: try text("token"), twoFactorRequired: required)))
    }
    let name = try text("error")
    guard let error = errors.first(where: { $0.0 == name })?.1 else {
      throw DecodeError(description: "error: unknown authentication error \"\(name)\"")
    }
    return response.make(.failure(error))
  }
}
