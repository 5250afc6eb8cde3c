import JSONLines
import TicTacToeAppCore
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import UnidirectionalFlow

/// The app state as a session file holds it: one JSON object, versioned, with no secret in it.
///
/// ```json
/// {"format":"tictactoe-session","version":1,
///  "state":{"screen":"newGame","xPlayerName":"Blob","oPlayerName":"Blub",
///           "game":{"xPlayerName":"Blob","oPlayerName":"Blub",
///                   "board":["X.O",".X.","..."],"currentPlayer":"O"},
///           "scoreboard":{"wins":{"Blob":2},"ties":1}}}
/// ```
///
/// What is kept, and what is not, is the restore rule of `--session`:
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

  // MARK: Encoding

  private static func encodeState(_ state: TicTacToe.State) -> JSONValue {
    switch state {
    case .login(let login):
      var object: JSONValue = ["screen": "login", "email": .string(login.email)]
      if let alert = login.alert {
        object = adding("alert", .string(String(state: alert.title)), to: object)
      }
      return object
    case .newGame(let newGame):
      var object: JSONValue = [
        "screen": "newGame", "xPlayerName": .string(newGame.xPlayerName),
        "oPlayerName": .string(newGame.oPlayerName),
      ]
      if let game = newGame.game { object = adding("game", encodeGame(game), to: object) }
      if !newGame.scoreboard.isEmpty {
        object = adding("scoreboard", encodeScoreboard(newGame.scoreboard), to: object)
      }
      return object
    }
  }

  private static func encodeGame(_ game: Game.State) -> JSONValue {
    let object: JSONValue = [
      "xPlayerName": .string(game.xPlayerName), "oPlayerName": .string(game.oPlayerName),
      "board": .array(game.board.map { row in .string(String(row.map { mark($0) })) }),
      "currentPlayer": .string(String(mark(game.currentPlayer))),
    ]
    return game.alert == nil ? object : adding("isConfirmingQuit", true, to: object)
  }

  private static func encodeScoreboard(_ scoreboard: Scoreboard) -> JSONValue {
    var wins = JSONObject()
    for standing in scoreboard.standings {
      _ = wins.insert(.number(JSONNumber(standing.wins)), forKey: standing.name)
    }
    return ["wins": .object(wins), "ties": .number(JSONNumber(scoreboard.ties))]
  }

  private static func adding(_ key: String, _ value: JSONValue, to object: JSONValue) -> JSONValue {
    guard var members = object.object else { return object }
    _ = members.insert(value, forKey: key)
    return .object(members)
  }

  /// A cell's or a turn's mark: the player's (`X`, `O`), or `.` for an empty cell.
  private static func mark(_ player: Player?) -> Character { Character(player?.mark ?? ".") }

  // MARK: Decoding

  private static func decodeState(_ state: JSONObjectReader) throws(DecodeError) -> TicTacToe.State
  {
    switch try state.string("screen") {
    case "login":
      var login = Login.State()
      login.email = try state.string("email")
      if let title = try state.optionalString("alert") {
        login.alert = AlertState(title: TextState(title))
      }
      return .login(login)
    case "newGame":
      var newGame = NewGame.State(
        oPlayerName: try state.string("oPlayerName"), xPlayerName: try state.string("xPlayerName"))
      if let game = try state.optional("game") { newGame.game = try decodeGame(game) }
      if let scoreboard = try state.optional("scoreboard") {
        newGame.scoreboard = try decodeScoreboard(scoreboard)
      }
      return .newGame(newGame)
    case let screen:
      throw DecodeError(
        state.path + ".screen", "must be \"login\" or \"newGame\", not \"\(screen)\"")
    }
  }

  private static func decodeGame(_ game: JSONObjectReader) throws(DecodeError) -> Game.State {
    var state = Game.State(
      oPlayerName: try game.string("oPlayerName"), xPlayerName: try game.string("xPlayerName"))
    let rows = try game.array("board")
    guard rows.count == 3 else {
      throw DecodeError(game.path + ".board", "must have 3 rows, not \(rows.count)")
    }
    for (row, text) in rows.enumerated() {
      let path = "\(game.path).board[\(row)]"
      guard let text = text.string, text.count == 3 else {
        throw DecodeError(path, "must be 3 marks, each X, O or .")
      }
      for (column, character) in text.enumerated() {
        guard let player = player(character) else {
          throw DecodeError(path, "must be 3 marks, each X, O or ., not \"\(text)\"")
        }
        state.board[row][column] = player
      }
    }
    let current = try game.string("currentPlayer")
    guard current.count == 1, let first = current.first, let player = player(first), let player
    else {
      throw DecodeError(game.path + ".currentPlayer", "must be \"X\" or \"O\", not \"\(current)\"")
    }
    state.currentPlayer = player
    if let flag = game.object["isConfirmingQuit"], !flag.isNull {
      guard let isConfirmingQuit = flag.bool else {
        throw DecodeError(
          game.path + ".isConfirmingQuit", "must be true or false, not \(flag.kindDescription)")
      }
      state.alert = isConfirmingQuit ? .confirmQuit : nil
    }
    return state
  }

  private static func decodeScoreboard(_ scoreboard: JSONObjectReader) throws(DecodeError)
    -> Scoreboard
  {
    func count(_ value: JSONValue?, _ path: String) throws(DecodeError) -> Int {
      guard let count = value?.number?.exactInt, count >= 0, count <= Scoreboard.maximumCount
      else {
        throw DecodeError(
          path, "must be a whole number of games, 0 to \(Scoreboard.maximumCount)")
      }
      return count
    }
    let ties = try count(scoreboard.object["ties"], scoreboard.path + ".ties")
    let wins = try scoreboard.optional("wins")?.object.members ?? []
    var counts: [String: Int] = [:]
    for member in wins {
      counts[member.key] = try count(member.value, "\(scoreboard.path).wins[\"\(member.key)\"]")
    }
    return Scoreboard(wins: counts, ties: ties)
  }

  /// `.some(nil)` for an empty cell, `nil` for a character that is no mark.
  private static func player(_ character: Character) -> Player?? {
    if character == "." { return .some(nil) }
    return Player.allCases.first { mark($0) == character }.map { .some($0) }
  }
}
