/// Reads the members of one object of a format built on JSON (a session file, a JSON-lines
/// state event), naming the member's path in every error: `state.game.board: is missing`.
///
/// ```swift
/// let game = try JSONObjectReader(value["game"], path: "state.game")
/// let name = try game.string("xPlayerName")  // or "state.game.xPlayerName: is missing"
/// ```
public struct JSONObjectReader: Sendable {
  /// A member that is missing or of the wrong kind, at its path.
  public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where: `state.game.board[1]`; empty for the whole document.
    public let path: String
    /// What is wrong: `must be a string, not a number`.
    public let message: String

    /// The problem `message` at `path`.
    public init(_ path: String, _ message: String) {
      self.path = path
      self.message = message
    }

    /// `path: message`, or the message alone for the whole document.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
  }

  /// The object read.
  public let object: JSONObject
  /// Its path, which prefixes its members' paths.
  public let path: String

  /// Reads `value`, which must be an object, found at `path`.
  public init(_ value: JSONValue?, path: String) throws(Problem) {
    guard let object = value?.object else {
      throw Problem(path, value == nil ? "is missing" : "must be an object")
    }
    self.object = object
    self.path = path
  }

  /// The string member `key`.
  public func string(_ key: String) throws(Problem) -> String {
    guard let value = try optionalString(key) else { throw Problem(at(key), "is missing") }
    return value
  }

  /// The string member `key`, or `nil` when it is absent or null.
  public func optionalString(_ key: String) throws(Problem) -> String? {
    guard let value = object[key], !value.isNull else { return nil }
    guard let string = value.string else {
      throw Problem(at(key), "must be a string, not \(value.kindDescription)")
    }
    return string
  }

  /// The boolean member `key`.
  public func bool(_ key: String) throws(Problem) -> Bool {
    guard let value = object[key] else { throw Problem(at(key), "is missing") }
    guard let bool = value.bool else {
      throw Problem(at(key), "must be true or false, not \(value.kindDescription)")
    }
    return bool
  }

  /// The object member `key`, or `nil` when it is absent or null.
  public func optional(_ key: String) throws(Problem) -> JSONObjectReader? {
    guard let value = object[key], !value.isNull else { return nil }
    return try JSONObjectReader(value, path: at(key))
  }

  /// The array member `key`.
  public func array(_ key: String) throws(Problem) -> [JSONValue] {
    guard let value = object[key] else { throw Problem(at(key), "is missing") }
    guard let array = value.array else {
      throw Problem(at(key), "must be an array, not \(value.kindDescription)")
    }
    return array
  }

  /// The path of the member `key`.
  public func at(_ key: String) -> String { "\(path).\(key)" }
}
