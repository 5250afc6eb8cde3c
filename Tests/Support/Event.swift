import JSONLines
import Testing

/// One output line, parsed: its `type`, `seq` and the whole object.
public struct Event: CustomStringConvertible, Sendable {
  /// The raw line.
  public let line: String
  /// The parsed object.
  public let value: JSONValue

  /// Parses `line`, which must be a JSON object with a string `type` and an integer `seq`.
  public init(line: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    self.line = line
    value = try JSONParser().parse(line)
    try #require(value.object != nil, "not an object: \(line)", sourceLocation: sourceLocation)
    try #require(value["type"]?.string != nil, "no type: \(line)", sourceLocation: sourceLocation)
    try #require(
      value["seq"]?.number?.exactInt != nil, "no seq: \(line)", sourceLocation: sourceLocation)
  }

  /// `hello`, `state`, `action` or `error`.
  public var type: String { value["type"]?.string ?? "" }
  /// The event's number, from 1.
  public var seq: Int { value["seq"]?.number?.exactInt ?? 0 }
  /// The `state` of a state event.
  public var state: JSONValue? { value["state"] }
  /// The case path of an action event.
  public var action: String? { value["action"]?.string }
  /// The message of an error event.
  public var message: String? { value["message"]?.string }
  /// The input line number of an error event.
  public var inputLine: Int? { value["line"]?.number?.exactInt }

  public var description: String { line }
}
