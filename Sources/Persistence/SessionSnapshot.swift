import JSONLines
import TicTacToeAppCore

/// The app state as a session file holds it: one JSON object, versioned, with no secret in it.
///
/// ```json
/// {"format":"tictactoe-session","version":1,
///  "state":{"screen":"newGame","oPlayerName":"Blub","xPlayerName":"Blob",
///           "game":{"board":["X.O",".X.","..."],"currentPlayer":"O",
///                   "oPlayerName":"Blub","xPlayerName":"Blob"},
///           "scoreboard":{"wins":{"Blob":2},"ties":1}}}
/// ```
///
/// The `state` object is written and read by walking the schema (`SessionStateForm`): its
/// members are in the schema's order (files written before it had `xPlayerName` first; a
/// reader goes by name, so both load everywhere). What is kept, and what is not, is the
/// restore rule of `--session`:
/// - the screen, the email, the players' names, the board and whose turn it is, the
///   scoreboard, the login screen's alert and the game's quit confirmation (`scoreboard` and
///   `isConfirmingQuit` are optional on read, so files written before them still load);
/// - never the password or the two-factor token: a session saved during two-factor restores
///   to the login screen with the email kept, and the password typed again;
/// - never a request in flight: its flag comes back cleared, and the user taps again;
/// - the undo history of the game on screen: `undo` (optional on read) lists the states before
///   each of its moves, oldest first, so `:undo` goes on working after a restore. An older
///   build reads the file and ignores the member, which is why adding it kept version 1.
///
/// ``restored(_:)`` is what a state becomes through a save and a restore.
public enum SessionSnapshot {
  /// The format version this build writes; it reads this one and older.
  public static let version = 1
  /// The `format` member that marks a session file.
  public static let format = "tictactoe-session"

  /// Why a file is not a session this build can restore, naming where it is wrong.
  public typealias DecodeError = JSONObjectReader.Problem

  /// The most states `undo` holds: one per move of a game.
  public static let undoLimit = 9

  /// The session file's bytes for `state`, a JSON object and a newline, with `undo`, the states
  /// before each move of the game on screen (oldest first), when there are any.
  public static func encode(_ state: TicTacToe.State, undo: [TicTacToe.State] = []) -> [UInt8] {
    var value: JSONValue = [
      "format": .string(format), "version": 1, "state": encodeState(state),
    ]
    if !undo.isEmpty {
      value = adding("undo", .array(undo.suffix(undoLimit).map(encodeState)), to: value)
    }
    var writer = JSONWriter()
    writer.value(value)
    writer.appendRaw(UInt8(ascii: "\n"))
    return writer.bytes
  }

  /// The state a session file holds.
  public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> TicTacToe.State {
    try decodeWithUndo(bytes).state
  }

  /// The state a session file holds, and the states before each move of its game (oldest
  /// first; empty in a file written without them).
  public static func decodeWithUndo(_ bytes: [UInt8]) throws(DecodeError) -> (
    state: TicTacToe.State, undo: [TicTacToe.State]
  ) {
    let value: JSONValue
    do {
      value = try JSONParser().parse(bytes)
    } catch {
      throw DecodeError("", "it is not JSON (\(error))")
    }
    guard let object = value.object, object["format"]?.string == format else {
      throw DecodeError("", "it is not a tictactoe session (no \"format\":\"\(format)\")")
    }
    guard let fileVersion = object["version"]?.number?.exactInt, fileVersion >= 1 else {
      throw DecodeError("version", "must be a positive integer")
    }
    guard fileVersion <= version else {
      throw DecodeError(
        "",
        "it was written by a newer tictactoe (format version \(fileVersion); this one reads "
          + "up to \(version))")
    }
    let state = try decodeState(JSONObjectReader(object["state"], path: "state"))
    return (state, try decodeUndo(object["undo"]))
  }

  private static func decodeUndo(_ value: JSONValue?) throws(DecodeError) -> [TicTacToe.State] {
    guard let value, !value.isNull else { return [] }
    guard let states = value.array, states.count <= undoLimit else {
      throw DecodeError("undo", "must be an array of at most \(undoLimit) states")
    }
    var undo: [TicTacToe.State] = []
    for (index, state) in states.enumerated() {
      undo.append(try decodeState(JSONObjectReader(state, path: "undo[\(index)]")))
    }
    return undo
  }

  /// The `state` member of a session file for `state` (the action log embeds it too).
  public static func json(_ state: TicTacToe.State) -> JSONValue { encodeState(state) }

  /// The state of a `state` member, naming `path` in errors.
  public static func state(from value: JSONValue, path: String) throws(DecodeError)
    -> TicTacToe.State
  {
    try decodeState(JSONObjectReader(value, path: path))
  }

  /// What `state` becomes through a save and a restore.
  public static func restored(_ state: TicTacToe.State) -> TicTacToe.State {
    // Encoding drops exactly what is not restored; decoding what was encoded cannot fail.
    (try? decode(encode(state))) ?? TicTacToe.State()
  }

  private static func encodeState(_ state: TicTacToe.State) -> JSONValue {
    SessionStateForm.encode(state)
  }

  private static func decodeState(_ state: JSONObjectReader) throws(DecodeError) -> TicTacToe.State
  {
    try SessionStateForm.decode(state)
  }

  private static func adding(_ key: String, _ value: JSONValue, to object: JSONValue) -> JSONValue {
    guard var members = object.object else { return object }
    _ = members.insert(value, forKey: key)
    return .object(members)
  }
}
