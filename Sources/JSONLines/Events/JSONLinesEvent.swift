/// One event of the JSON-lines protocol (Documentation/JSONLines.md), read back from its line:
/// what a client of the host's socket (`tictactoe attach`) receives. ``JSONLinesEventEncoder``
/// writes them.
///
/// The members every event of its type has are required, and of their type; members it does
/// not know are ignored, and so is an event of a type it does not know (``Body/other(type:)``):
/// additions to version 1 of the protocol are additive.
public struct JSONLinesEvent: Equatable, Sendable {
  /// The `hello` event's members.
  public struct Hello: Equatable, Sendable {
    /// `tictactoe-jsonl`.
    public let protocolName: String
    /// The protocol's version: 1.
    public let version: Int
    /// Whether the events come over the host's socket (`"remote":true`).
    public let isRemote: Bool
    /// Where the host listens, when it does.
    public let listeningPath: String?
  }

  /// An `action` event's members.
  public struct Action: Equatable, Sendable {
    /// `newGame.game.cellTapped`.
    public let casePath: String
    /// Whether an effect sent it (`"origin":"effect"`), not a front end.
    public let fromEffect: Bool
    /// A failed response's message.
    public let error: String?
    /// The action's payload, when it has one; a `payload` member must be an object.
    public let payload: JSONObject?
  }

  /// An `error` event's members.
  public struct Failure: Equatable, Sendable {
    /// What went wrong.
    public let message: String
    /// The input line it is about, when it is about one.
    public let line: Int?
    /// The `id` of that line, as it was sent (or `"***"` for a secret).
    public let id: JSONValue?
  }

  /// A `replay` event's members.
  public struct Replay: Equatable, Sendable {
    /// The lines replayed so far.
    public let step: Int
    /// The lines to replay in all.
    public let length: Int
    /// Whether the last line is replayed.
    public let isOver: Bool
  }

  /// One entry of a `history` event: a kept `state` event.
  public struct HistoryEntry: Equatable, Sendable {
    /// The `state` event's `seq`.
    public let seq: Int
    /// The screen it showed: `login`, `twoFactor`, `newGame` or `game`.
    public let screen: String
  }

  /// What an event says, by its type.
  public enum Body: Equatable, Sendable {
    /// The first event.
    case hello(Hello)
    /// The state object, for the app's own decoder to read; a `state` that is no object is refused.
    case state(JSONValue)
    /// How far a replay has come.
    case replay(Replay)
    /// The kept `state` events, oldest first.
    case history([HistoryEntry])
    /// An action the host processed.
    case action(Action)
    /// A refused line or command, or a failure.
    case error(Failure)
    /// An event of a type this version does not know.
    case other(type: String)
  }

  /// Why a line is not an event, naming where: `event.action: is missing`.
  public typealias DecodeError = JSONObjectReader.Problem

  /// The event's number, from 1.
  public let seq: Int
  /// What it says.
  public let body: Body

  /// The event `line` (without its `\n`) encodes.
  public init(decoding line: [UInt8]) throws(DecodeError) {
    let value: JSONValue
    do {
      value = try JSONParser().parse(line)
    } catch {
      throw DecodeError("", "a line that is not a JSON object (\(error))")
    }
    guard value.object != nil else { throw DecodeError("", "a line that is not a JSON object") }
    let event = try JSONObjectReader(value, path: "event")
    seq = try Self.integer(event, "seq")
    let type = try event.string("type")
    switch JSONLinesEventType(rawValue: type) {
    case .hello:
      body = .hello(
        Hello(
          protocolName: try event.string("protocol"), version: try Self.integer(event, "version"),
          isRemote: try event.object["remote"] == nil ? false : event.bool("remote"),
          listeningPath: try event.optionalString("listening")))
    case .state:
      let state = try JSONObjectReader(event.object["state"], path: event.at("state"))
      body = .state(.object(state.object))
    case .replay:
      body = .replay(
        Replay(
          step: try Self.integer(event, "step"), length: try Self.integer(event, "length"),
          isOver: try event.bool("over")))
    case .history:
      var entries: [HistoryEntry] = []
      for (index, value) in try event.array("states").enumerated() {
        let entry = try JSONObjectReader(value, path: event.at("states") + "[\(index)]")
        entries.append(
          HistoryEntry(seq: try Self.integer(entry, "seq"), screen: try entry.string("screen")))
      }
      body = .history(entries)
    case .action:
      let origin = try event.string("origin")
      guard origin == "effect" || origin == "frontend" else {
        throw DecodeError(event.at("origin"), "must be \"effect\" or \"frontend\"")
      }
      body = .action(
        Action(
          casePath: try event.string("action"), fromEffect: origin == "effect",
          error: try event.optionalString("error"),
          payload: event.object["payload"] == nil
            ? nil : try JSONObjectReader(event.object["payload"], path: event.at("payload")).object)
      )
    case .error:
      body = .error(
        Failure(
          message: try event.string("message"),
          line: try event.object["line"] == nil ? nil : Self.integer(event, "line"),
          id: event.object["id"]))
    case nil:
      body = .other(type: type)
    }
  }

  /// The integer member `key` of `object`.
  private static func integer(_ object: JSONObjectReader, _ key: String) throws(DecodeError) -> Int
  {
    guard let value = object.object[key] else { throw DecodeError(object.at(key), "is missing") }
    guard let integer = value.number?.exactInt else {
      throw DecodeError(object.at(key), "must be an integer, not \(value.kindDescription)")
    }
    return integer
  }
}
