import Glibc
import JSONLines
import TicTacToeAppCore
import TicTacToeAppSchema
import TicTacToeFrontEndABI

/// Writes the app state as the JSON-lines `state` object (Documentation/JSONLines.md, "The
/// state") for `read_state_json` (ABI 1.6): the fields of each shown screen that the object
/// holds exported into its C struct, as `read_*` would, and written member by member as the
/// reflection table describes it (`json_name`, `json_form`). These are the bytes a front end
/// writes from reflection alone (`FrontEndKit`'s `StateJSON`; `StateJSONReflectionTests` holds
/// the two to it), made once in the host instead of once in each front end, from structs on
/// the stack instead of reads across the ABI.
///
/// The strings of each export go into one storage, emptied before each state: nothing is
/// allocated once its block has grown to a screen's strings. Not isolated: its closures would
/// otherwise check at every call that they run on the main actor (see ``UncheckedClosures``).
struct StateJSONEncoder {
  /// What writing a field's value needs of its description: no string, so that a member is
  /// copied without reference counting.
  private struct Slot {
    let offset: Int
    let type: ttt_type
    let form: ttt_json_form
    let presents: ttt_feature

    init(_ field: AppSchema.FieldInfo, _ member: AppSchema.JSONMember) {
      offset = field.offset
      type = field.type
      form = member.form
      presents = member.presents
    }
  }

  /// One member of a screen's object: a field's, or an object that consecutive fields with a
  /// dotted name (`alert.title`) make together (`group`, each with its key).
  private struct Member {
    let key: [UInt8]
    let slot: Slot
    var group: [(key: [UInt8], slot: Slot)]
  }

  /// Each feature's members, indexed by `ttt_feature`.
  private let members: [[Member]]
  /// Each feature's JSON-lines name as a quoted key, indexed by `ttt_feature`.
  private let nameKeys: [[UInt8]]
  /// The strings of the export being written.
  private let strings = FieldStorage()
  /// Each screen's fields that have a JSON-lines member: the view values the object leaves
  /// out are not worked out.
  private let rootFields = AppSchema.rootFields.filter { $0.info.json != nil }
  private let loginFields = AppSchema.loginFields.filter { $0.info.json != nil }
  private let twoFactorFields = AppSchema.twoFactorFields.filter { $0.info.json != nil }
  private let newGameFields = AppSchema.newGameFields.filter { $0.info.json != nil }
  private let gameFields = AppSchema.gameFields.filter { $0.info.json != nil }

  /// The encoder of the schema's fields that have a JSON-lines member.
  init() {
    var members: [[Member]] = Array(repeating: [], count: HostFeature.allCases.count)
    for field in AppSchema.fields {
      guard let member = field.json else { continue }
      let slot = Int(field.feature.rawValue)
      let name = member.name
      guard let dot = name.firstIndex(of: ".") else {
        members[slot].append(
          Member(key: JSONWriter.quoted(name), slot: Slot(field, member), group: []))
        continue
      }
      let key = JSONWriter.quoted(String(name[..<dot]))
      let inner = (
        key: JSONWriter.quoted(String(name[name.index(after: dot)...])),
        slot: Slot(field, member)
      )
      if let last = members[slot].last, last.key == key, !last.group.isEmpty {
        members[slot][members[slot].count - 1].group.append(inner)
      } else {
        members[slot].append(Member(key: key, slot: Slot(field, member), group: [inner]))
      }
    }
    self.members = members
    nameKeys = HostFeature.allCases.map {
      JSONWriter.quoted(AppSchema.jsonName(of: ttt_feature($0.rawValue)))
    }
  }

  /// Writes `state` as the `state` object; returns the screen on top (the last one shown).
  func write(_ state: TicTacToe.State, to writer: StateJSONBytes) -> HostFeature {
    strings.removeAll()
    var screen = HostFeature.root
    writeFeature(.root, state, writer, &screen)
    return screen
  }

  /// Writes `feature`'s object, exported from `state`, or `null` when it is not shown. The
  /// screens are taken out of the state by hand, not through ``HostFeature/state(in:)``: no
  /// copy of the whole state is made for each.
  private func writeFeature(
    _ feature: HostFeature, _ state: TicTacToe.State, _ writer: StateJSONBytes,
    _ screen: inout HostFeature
  ) {
    switch (feature, state) {
    case (.root, _):
      write(state, rootFields, into: ttt_root_state(), feature, state, writer, &screen)
    case (.login, .login(let login)):
      write(login, loginFields, into: ttt_login_state(), feature, state, writer, &screen)
    case (.twoFactor, .login(let login)) where login.twoFactor != nil:
      write(
        login.twoFactor!, twoFactorFields, into: ttt_two_factor_state(), feature, state, writer,
        &screen)
    case (.newGame, .newGame(let newGame)):
      write(newGame, newGameFields, into: ttt_new_game_state(), feature, state, writer, &screen)
    case (.game, .newGame(let newGame)) where newGame.game != nil:
      write(newGame.game!, gameFields, into: ttt_game_state(), feature, state, writer, &screen)
    default:
      writer.literal("null")
    }
  }

  /// Exports `fields` of `shown`, `feature`'s state, into `export`, a zeroed struct of
  /// `feature`'s, and writes its object; it is the screen on top so far.
  private func write<Screen, Exported>(
    _ shown: Screen, _ fields: [AppSchema.Field<Screen>], into export: Exported,
    _ feature: HostFeature, _ state: TicTacToe.State, _ writer: StateJSONBytes,
    _ screen: inout HostFeature
  ) {
    if feature != .root { screen = feature }
    var export = export
    withUnsafeMutableBytes(of: &export) { bytes in
      // By index: only the closure is taken out of the array, not the field's strings.
      for index in fields.indices { fields[index].export(shown, bytes.baseAddress!, strings) }
      writeObject(feature, UnsafeRawPointer(bytes.baseAddress!), state, writer, &screen)
    }
  }

  private func writeObject(
    _ feature: HostFeature, _ base: UnsafeRawPointer, _ state: TicTacToe.State,
    _ writer: StateJSONBytes, _ screen: inout HostFeature
  ) {
    writer.beginObject()
    let members = self.members[Int(feature.rawValue)]
    for index in members.indices {
      let field = members[index].slot
      if field.form == TTT_JSON_ACTIVE {
        // The member is named for the feature the field holds.
        let raw = base.load(fromByteOffset: field.offset, as: UInt32.self)
        guard let active = HostFeature(rawValue: raw) else { continue }
        writer.key(nameKeys[Int(raw)])
        writeFeature(active, state, writer, &screen)
        continue
      }
      writer.key(members[index].key)
      let group = members[index].group
      guard !group.isEmpty else {
        writeValue(field, base, state, writer, &screen)
        continue
      }
      // An alert is null while its title is NULL.
      let isNull = group.contains { entry in
        entry.slot.type == TTT_TYPE_STRING
          && base.load(fromByteOffset: entry.slot.offset, as: UnsafePointer<CChar>?.self) == nil
      }
      guard !isNull else {
        writer.literal("null")
        continue
      }
      writer.beginObject()
      for entry in group {
        writer.key(entry.key)
        writeValue(entry.slot, base, state, writer, &screen)
      }
      writer.endObject()
    }
    writer.endObject()
  }

  private func writeValue(
    _ field: Slot, _ base: UnsafeRawPointer, _ state: TicTacToe.State,
    _ writer: StateJSONBytes, _ screen: inout HostFeature
  ) {
    let at = base + field.offset
    switch field.form {
    case TTT_JSON_SECRET:
      writer.literal(at.load(as: Int.self) == 0 ? #""""# : #""<redacted>""#)
    case TTT_JSON_PLAYER where field.type == TTT_TYPE_BOARD:
      writer.beginArray()
      for row in 0..<3 {
        writer.beginArray()
        for column in 0..<3 {
          writePlayer(UInt32(at.load(fromByteOffset: row * 3 + column, as: UInt8.self)), writer)
        }
        writer.endArray()
      }
      writer.endArray()
    case TTT_JSON_PLAYER:
      writePlayer(at.load(as: UInt32.self), writer)
    case TTT_JSON_PRESENTED:
      guard at.load(as: Bool.self), let presented = HostFeature(rawValue: field.presents.rawValue)
      else { return writer.literal("null") }
      writeFeature(presented, state, writer, &screen)
    default:
      writePlain(field.type, at, writer)
    }
  }

  /// A value as its C type says: a string (null for NULL), a bool, a number, standings.
  private func writePlain(_ type: ttt_type, _ at: UnsafeRawPointer, _ writer: StateJSONBytes) {
    switch type {
    case TTT_TYPE_STRING:
      if let text = at.load(as: UnsafePointer<CChar>?.self) {
        writer.string(
          utf8: UnsafeBufferPointer(
            start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text)))
      } else {
        writer.literal("null")
      }
    case TTT_TYPE_BOOL: writer.bool(at.load(as: Bool.self))
    case TTT_TYPE_INT32: writer.number(Int(at.load(as: Int32.self)))
    case TTT_TYPE_UINT32: writer.number(Int(at.load(as: UInt32.self)))
    case TTT_TYPE_SIZE: writer.number(at.load(as: Int.self))
    case TTT_TYPE_STANDINGS: writeStandings(at, writer)
    default: writer.literal("null")
    }
  }

  /// The keys of a standing's object.
  private static let nameKey = JSONWriter.quoted("name")
  private static let winsKey = JSONWriter.quoted("wins")

  /// `[{"name": "Blob", "wins": 2}]`: the array at `at`, then its count.
  private func writeStandings(_ at: UnsafeRawPointer, _ writer: StateJSONBytes) {
    let pointer = at.load(as: UnsafePointer<ttt_standing>?.self)
    let count = at.load(fromByteOffset: MemoryLayout<UnsafeRawPointer?>.stride, as: Int.self)
    writer.beginArray()
    if let pointer {
      for index in 0..<count {
        writer.beginObject()
        writer.key(Self.nameKey)
        writer.string(
          utf8: UnsafeBufferPointer(
            start: UnsafeRawPointer(pointer[index].name).assumingMemoryBound(to: UInt8.self),
            count: strlen(pointer[index].name)))
        writer.key(Self.winsKey)
        writer.number(Int(pointer[index].wins))
        writer.endObject()
      }
    }
    writer.endArray()
  }

  /// `"x"`, `"o"`, or `null` for an empty cell or no winner.
  private func writePlayer(_ player: UInt32, _ writer: StateJSONBytes) {
    switch player {
    case TTT_PLAYER_X.rawValue: writer.literal(#""x""#)
    case TTT_PLAYER_O.rawValue: writer.literal(#""o""#)
    default: writer.literal("null")
    }
  }
}
