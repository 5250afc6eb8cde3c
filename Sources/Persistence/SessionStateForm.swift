import JSONLines
import TicTacToeAppCore
import TicTacToeAppSchema
import TicTacToeFrontEndABI
import TicTacToeGameCore
import TicTacToeNewGameCore

/// The `state` object of a session file, written and read by walking the schema: each field
/// that has a session member (`AppSchema.SessionMember`) is written in its form, so the
/// file carries every field the schema says it keeps, and no table here names one.
///
/// ```json
/// {"screen":"newGame","oPlayerName":"Blub","xPlayerName":"Blob",
///  "game":{"board":["X.O",".X.","..."],"currentPlayer":"O","oPlayerName":"Blub",
///          "xPlayerName":"Blob"},"scoreboard":{"wins":{"Blob":2},"ties":1}}
/// ```
enum SessionStateForm {
  typealias Problem = JSONObjectReader.Problem

  /// The `state` object for `state`.
  static func encode(_ state: TicTacToe.State) -> JSONValue {
    .object(object(AppSchema.values(of: state)))
  }

  /// The state the `state` object `reader` reads describes.
  static func decode(_ reader: JSONObjectReader) throws(Problem) -> TicTacToe.State {
    AppSchema.state(from: try values(reader, of: TTT_FEATURE_ROOT))
  }

  // MARK: Writing

  private static func object(_ screen: AppSchema.ScreenValues) -> JSONObject {
    var object = JSONObject()
    write(screen, into: &object)
    return object
  }

  /// Writes the members of `screen`'s fields into `object`; a dotted member's object is left
  /// out while every value in it is empty.
  private static func write(_ screen: AppSchema.ScreenValues, into object: inout JSONObject) {
    var group: (name: String, members: JSONObject, isEmpty: Bool)?
    func endGroup(_ object: inout JSONObject) {
      if let done = group, !done.isEmpty { object.insert(.object(done.members), forKey: done.name) }
      group = nil
    }
    for field in AppSchema.fields(of: screen.feature) {
      guard let member = field.session else { continue }
      switch member.form {
      case .screen:
        guard let shown = screen.presented[field.name] else { continue }
        object.insert(.string(AppSchema.jsonName(of: shown.feature)), forKey: member.name)
        write(shown, into: &object)
      case .presented:
        if let shown = screen.presented[field.name] {
          object.insert(.object(self.object(shown)), forKey: member.name)
        }
      default:
        guard let value = screen.values[field.name], let json = json(value, member) else {
          continue
        }
        guard let dot = member.name.firstIndex(of: ".") else {
          endGroup(&object)
          object.insert(json, forKey: member.name)
          continue
        }
        let name = String(member.name[..<dot])
        if group?.name != name {
          endGroup(&object)
          group = (name, JSONObject(), true)
        }
        group?.members.insert(json, forKey: String(member.name[member.name.index(after: dot)...]))
        let wasEmpty = group?.isEmpty ?? true
        group?.isEmpty = wasEmpty && isEmpty(value)
      }
    }
    endGroup(&object)
  }

  /// `value` in `member`'s form; `nil` to leave the member out (a `NULL` string, an optional
  /// member's `false`).
  private static func json(_ value: FieldValue, _ member: AppSchema.SessionMember) -> JSONValue? {
    switch (member.form, value) {
    case (.flag, .string(let text)): return text == nil ? nil : true
    case (_, .string(let text)): return text.map { .string($0) }
    case (_, .bool(let flag)): return member.isOptional && !flag ? nil : .bool(flag)
    case (.marks, .number(let player)): return .string(mark(UInt32(player)))
    case (_, .number(let number)): return .number(JSONNumber(number))
    case (_, .board(let cells)):
      return .array(
        (0..<3).map { row in .string((0..<3).map { mark(UInt32(cells[row * 3 + $0])) }.joined()) })
    case (_, .standings(let names, let wins)):
      var object = JSONObject()
      for (name, count) in zip(names, wins) {
        object.insert(.number(JSONNumber(count)), forKey: name)
      }
      return .object(object)
    }
  }

  private static func isEmpty(_ value: FieldValue) -> Bool {
    switch value {
    case .string(let text): text == nil
    case .bool(let flag): !flag
    case .number(let number): number == 0
    case .board: false
    case .standings(let names, _): names.isEmpty
    }
  }

  /// A cell's or a turn's mark: the player's (`X`, `O`), or `.` for an empty cell.
  private static func mark(_ player: UInt32) -> String {
    AppSchema.player(cValue: player)?.mark ?? "."
  }

  // MARK: Reading

  /// The values of `feature`'s screen, whose members `reader` reads.
  private static func values(
    _ reader: JSONObjectReader, of feature: ttt_feature
  ) throws(Problem) -> AppSchema.ScreenValues {
    var screen = AppSchema.ScreenValues(feature: feature)
    for field in AppSchema.fields(of: feature) {
      guard let member = field.session else { continue }
      switch member.form {
      case .screen:
        let name = try reader.string(member.name)
        guard let shown = field.screens.first(where: { AppSchema.jsonName(of: $0) == name }) else {
          let names = field.screens.map { "\"\(AppSchema.jsonName(of: $0))\"" }
          throw Problem(
            reader.at(member.name),
            "must be \(names.joined(separator: " or ")), not \"\(name)\"")
        }
        screen.presented[field.name] = try values(reader, of: shown)
      case .presented:
        if let shown = try reader.optional(member.name), let presents = field.screens.first {
          screen.presented[field.name] = try values(shown, of: presents)
        }
      default:
        var container = reader
        var key = member.name
        if let dot = key.firstIndex(of: ".") {
          // An object that a file written before it does not have.
          guard let inner = try reader.optional(String(key[..<dot])) else { continue }
          container = inner
          key = String(key[key.index(after: dot)...])
        }
        guard let json = container.object[key], !json.isNull else {
          if member.isOptional { continue }
          throw Problem(container.at(key), "is missing")
        }
        screen.values[field.name] = try value(json, of: field, member, in: container, key)
      }
    }
    return screen
  }

  /// The value of `field` that `json`, the member `key` of `container`, holds in `member`'s form.
  private static func value(
    _ json: JSONValue, of field: AppSchema.FieldInfo, _ member: AppSchema.SessionMember,
    in container: JSONObjectReader, _ key: String
  ) throws(Problem) -> FieldValue {
    let path = container.at(key)
    switch member.form {
    case .games: return .number(try games(json, path))
    case .wins:
      guard let wins = json.object else {
        throw Problem(path, "must be an object, not \(json.kindDescription)")
      }
      var names: [String] = []
      var counts: [Int] = []
      for entry in wins.members {
        names.append(entry.key)
        counts.append(try games(entry.value, "\(path)[\"\(entry.key)\"]"))
      }
      return .standings(names, counts)
    case .flag:
      guard let flag = json.bool else {
        throw Problem(path, "must be true or false, not \(json.kindDescription)")
      }
      return .string(flag ? "" : nil)
    case .marks where field.type == TTT_TYPE_BOARD:
      return .board(try board(container.array(key), path))
    case .marks:
      let text = json.string ?? ""
      guard let player = Player.allCases.first(where: { $0.mark == text }) else {
        throw Problem(
          path, "must be \"X\" or \"O\", not \"\(json.string ?? json.kindDescription)\"")
      }
      return .number(Int(AppSchema.cValue(of: player)))
    default:
      switch field.type {
      case TTT_TYPE_BOOL: return .bool(try container.bool(key))
      case TTT_TYPE_STRING: return .string(try container.optionalString(key))
      default: return .number(try games(json, path))
      }
    }
  }

  /// A count of games: a whole number from 0 to `Scoreboard.maximumCount`.
  private static func games(_ json: JSONValue, _ path: String) throws(Problem) -> Int {
    guard let count = json.number?.exactInt, count >= 0, count <= Scoreboard.maximumCount else {
      throw Problem(path, "must be a whole number of games, 0 to \(Scoreboard.maximumCount)")
    }
    return count
  }

  /// Three rows of three marks (`"X.O"`) as `ttt_player` values, row by row.
  private static func board(_ rows: [JSONValue], _ path: String) throws(Problem) -> [UInt8] {
    guard rows.count == 3 else { throw Problem(path, "must have 3 rows, not \(rows.count)") }
    var cells: [UInt8] = []
    for (row, text) in rows.enumerated() {
      let rowPath = "\(path)[\(row)]"
      guard let text = text.string, text.count == 3 else {
        throw Problem(rowPath, "must be 3 marks, each X, O or .")
      }
      for character in text {
        let mark = String(character)
        guard mark == "." || Player.allCases.contains(where: { $0.mark == mark }) else {
          throw Problem(rowPath, "must be 3 marks, each X, O or ., not \"\(text)\"")
        }
        cells.append(UInt8(AppSchema.cValue(of: Player.allCases.first { $0.mark == mark })))
      }
    }
    return cells
  }
}
