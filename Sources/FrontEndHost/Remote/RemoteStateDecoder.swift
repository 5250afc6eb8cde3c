import JSONLines
import TicTacToeAppCore
import TicTacToeAppSchema
import TicTacToeFrontEndABI

/// The app state of a JSON-lines `state` event (Documentation/JSONLines.md, "The state"), as
/// `tictactoe attach` mirrors it, read by walking the schema: each field's JSON-lines member
/// (`AppSchema.JSONMember`) is read in its form, so every field the host sends is carried
/// (the scoreboard and the game's quit confirmation too) and no table here names one.
///
/// Secrets are not in events: a `password` or `token` that is not `""` comes as
/// `"<redacted>"`, and stays that placeholder here (``RemoteGame`` shows the password this
/// client typed, or none). Derived fields (`winner`, `isTied`, `moveCount`) are not read: the
/// state derives them itself.
enum RemoteStateDecoder {
  /// Why an event's state cannot be read, naming where it is wrong: `state.newGame.game.board[1]`.
  typealias DecodeError = JSONObjectReader.Problem

  /// The state `value` (the event's `state` member) describes.
  static func state(from value: JSONValue?) throws(DecodeError) -> TicTacToe.State {
    AppSchema.state(from: try values(JSONObjectReader(value, path: "state"), of: TTT_FEATURE_ROOT))
  }

  /// The values of `feature`'s screen, whose JSON-lines object `object` reads.
  private static func values(
    _ object: JSONObjectReader, of feature: ttt_feature
  ) throws(DecodeError) -> AppSchema.ScreenValues {
    var screen = AppSchema.ScreenValues(feature: feature)
    for field in AppSchema.fields(of: feature) where !field.isDerived {
      guard let member = field.json else { continue }
      switch member.form {
      case TTT_JSON_ACTIVE:
        // The member is named for the screen shown.
        var shown: AppSchema.ScreenValues?
        for candidate in field.screens {
          if let inner = try object.optional(AppSchema.jsonName(of: candidate)) {
            shown = try values(inner, of: candidate)
            break
          }
        }
        guard let shown else {
          let names = field.screens.map { "\"\(AppSchema.jsonName(of: $0))\"" }
          throw DecodeError(object.path, "has neither \(names.joined(separator: " nor "))")
        }
        screen.presented[field.name] = shown
      case TTT_JSON_PRESENTED:
        if let inner = try object.optional(member.name) {
          screen.presented[field.name] = try values(inner, of: member.presents)
        }
      default:
        var container = object
        var key = member.name
        if let dot = key.firstIndex(of: ".") {
          // An object (`alert`, `scoreboard`) that is null while it has nothing to show, and
          // that a host older than it does not send.
          guard let inner = try object.optional(String(key[..<dot])) else { continue }
          container = inner
          key = String(key[key.index(after: dot)...])
        }
        screen.values[field.name] = try value(of: field, member.form, in: container, key)
      }
    }
    return screen
  }

  /// The value of `field`, the member `key` of `container`, written in `form`.
  private static func value(
    of field: AppSchema.FieldInfo, _ form: ttt_json_form, in container: JSONObjectReader,
    _ key: String
  ) throws(DecodeError) -> FieldValue {
    switch (form, field.type) {
    case (TTT_JSON_SECRET, _), (_, TTT_TYPE_STRING): return .string(try container.string(key))
    case (TTT_JSON_PLAYER, TTT_TYPE_BOARD): return .board(try board(container, key))
    case (TTT_JSON_PLAYER, _):
      guard let player = AppSchema.player(jsonText: try container.string(key)) else {
        throw DecodeError(container.at(key), "must be \"x\" or \"o\"")
      }
      return .number(Int(AppSchema.cValue(of: player)))
    case (_, TTT_TYPE_BOOL): return .bool(try container.bool(key))
    case (_, TTT_TYPE_STANDINGS):
      var names: [String] = []
      var wins: [Int] = []
      for (index, value) in try container.array(key).enumerated() {
        let standing = try JSONObjectReader(value, path: "\(container.at(key))[\(index)]")
        names.append(try standing.string("name"))
        wins.append(try count(standing, "wins"))
      }
      return .standings(names, wins)
    default: return .number(try count(container, key))
    }
  }

  /// `[["x",null,null],...]` as `ttt_player` values, row by row.
  private static func board(
    _ container: JSONObjectReader, _ key: String
  ) throws(DecodeError) -> [UInt8] {
    let rows = try container.array(key)
    guard rows.count == 3 else {
      throw DecodeError(container.at(key), "must have 3 rows, not \(rows.count)")
    }
    var board: [UInt8] = []
    for (row, cells) in rows.enumerated() {
      let path = "\(container.at(key))[\(row)]"
      guard let cells = cells.array, cells.count == 3 else {
        throw DecodeError(path, "must be an array of 3 cells")
      }
      for (column, cell) in cells.enumerated() {
        let player = AppSchema.player(jsonText: cell.string)
        guard cell.isNull || player != nil else {
          throw DecodeError("\(path)[\(column)]", "must be \"x\", \"o\" or null")
        }
        board.append(UInt8(AppSchema.cValue(of: player)))
      }
    }
    return board
  }

  /// The member `key` of `object`, a count: an integer from 0.
  private static func count(_ object: JSONObjectReader, _ key: String) throws(DecodeError) -> Int {
    guard let count = object.object[key]?.number?.exactInt, count >= 0 else {
      throw DecodeError(object.at(key), "must be an integer from 0")
    }
    return count
  }
}
