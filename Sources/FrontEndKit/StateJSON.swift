import Glibc
import JSONLines
import TicTacToeFrontEndABI

/// Writes the host's state as the JSON-lines `state` object (Documentation/JSONLines.md, "The
/// state") from reflection alone: each feature's object holds the members its fields name
/// (ABI 1.3 `json_name`), in the host's order, so a front end that uses it knows no field of
/// the app by name, and a field the app gains appears without a change here.
///
/// ```json
/// {"login":{"email":"","password":"","isFormValid":false,"isLoginRequestInFlight":false,
///  "alert":null,"twoFactor":null}}
/// ```
///
/// Secrets come as `""` or `"<redacted>"`: only their length crosses the ABI. Build one per
/// host (the field list is read once) and call ``write(_:root:to:)`` on the store thread.
/// Strings are copied as bytes, unchecked: it relies on the host's strings being valid UTF-8,
/// as they are in `tictactoe` (each is a Swift `String`'s).
public struct StateJSON {
  /// What writing a field's value needs of its description: no string, so that a member is
  /// copied without reference counting.
  private struct Slot {
    let offset: Int
    let type: ttt_type
    let form: ttt_json_form
    let presents: ttt_feature

    init(_ field: FieldDescription, _ choice: Members) {
      offset = field.offset
      type = field.type
      // Every field by C name writes a secret's length as the number it is.
      form =
        choice == .everyField && field.jsonForm == TTT_JSON_SECRET ? TTT_JSON_VALUE : field.jsonForm
      presents = field.presents
    }
  }

  /// One member of a feature's object: a field's, or an object that consecutive fields with
  /// a dotted name (`alert.title`) make together (`group`, each with its key).
  private struct Member {
    let key: [UInt8]
    let slot: Slot
    var group: [(key: [UInt8], slot: Slot)]
  }

  /// Each feature's members, indexed by `ttt_feature`.
  private var members: [[Member]] = []
  /// Each feature's JSON-lines name (`ttt_feature_json_name`), indexed by `ttt_feature`.
  private var names: [String] = []
  /// The same names as quoted keys.
  private var nameKeys: [[UInt8]] = []

  /// Which fields a feature's object holds, under which names.
  public enum Members: Sendable {
    /// The JSON-lines `state` object's: the fields with a JSON-lines member, under its name.
    case jsonLines
    /// Every field the host reflects, derived ones too (`is_login_button_enabled`, `title`),
    /// under its C name, a secret as its length; a presented screen's object is named for the
    /// screen (`game`), as the shown one is. For a page that draws the host's view values
    /// instead of working them out again.
    case everyField
  }

  /// The encoder of the state `fields` describe (``HostConnection/fields()``), with the
  /// `members` of each feature's object.
  public init(fields: [FieldDescription], members choice: Members = .jsonLines) {
    for field in fields {
      let name: String
      switch choice {
      case .jsonLines:
        guard let jsonName = field.jsonName else { continue }
        name = jsonName
      case .everyField:
        name =
          field.jsonForm == TTT_JSON_PRESENTED
          ? ttt_feature_json_name(field.presents.rawValue).map { String(cString: $0) } ?? field.name
          : field.name
      }
      let slot = Int(field.feature.rawValue)
      while members.count <= slot {
        names.append(ttt_feature_json_name(UInt32(members.count)).map { String(cString: $0) } ?? "")
        nameKeys.append(JSONWriter.quoted(names[names.count - 1]))
        members.append([])
      }
      guard let dot = name.firstIndex(of: ".") else {
        members[slot].append(
          Member(key: JSONWriter.quoted(name), slot: Slot(field, choice), group: []))
        continue
      }
      let key = JSONWriter.quoted(String(name[..<dot]))
      let inner = (
        key: JSONWriter.quoted(String(name[name.index(after: dot)...])), slot: Slot(field, choice)
      )
      if let last = members[slot].last, last.key == key, !last.group.isEmpty {
        members[slot][members[slot].count - 1].group.append(inner)
      } else {
        members[slot].append(Member(key: key, slot: Slot(field, choice), group: [inner]))
      }
    }
  }

  /// The encoder of the state `host` describes, with the `members` of each feature's object.
  public init(_ host: HostConnection, members: Members = .jsonLines) {
    self.init(fields: host.fields(), members: members)
  }

  /// Writes the root state read through `host` (`root`, when the caller has just read it);
  /// returns the JSON-lines name of the screen on top (`login`, `twoFactor`, `newGame` or
  /// `game`). A presented screen is read only when its parent says it is there, so no read is
  /// refused.
  public func write(
    _ host: HostConnection, root: ttt_root_state? = nil, to writer: inout JSONWriter
  ) -> String {
    var screen = ""
    if let root {
      withUnsafeBytes(of: root) {
        writeObject(TTT_FEATURE_ROOT, $0.baseAddress!, host, &writer, &screen)
      }
    } else {
      writeFeature(TTT_FEATURE_ROOT, host, &writer, &screen)
    }
    return screen
  }

  /// Writes `feature`'s object, or `null` when the host refuses to read it.
  private func writeFeature(
    _ feature: ttt_feature, _ host: HostConnection, _ writer: inout JSONWriter,
    _ screen: inout String
  ) {
    let name = name(of: feature)
    if !name.isEmpty { screen = name }
    let written: Void? = host.withState(of: feature) { base in
      writeObject(feature, base, host, &writer, &screen)
    }
    if written == nil { writer.null() }
  }

  private func writeObject(
    _ feature: ttt_feature, _ base: UnsafeRawPointer, _ host: HostConnection,
    _ writer: inout JSONWriter, _ screen: inout String
  ) {
    writer.beginObject()
    let slot = Int(feature.rawValue)
    let members = slot < self.members.count ? self.members[slot] : []
    for index in members.indices {
      let field = members[index].slot
      if field.form == TTT_JSON_ACTIVE {
        // The member is named for the feature the field holds.
        let active = ttt_feature(rawValue: base.load(fromByteOffset: field.offset, as: UInt32.self))
        let slot = Int(active.rawValue)
        writer.rawKey(slot < nameKeys.count ? nameKeys[slot] : JSONWriter.quoted(""))
        writeFeature(active, host, &writer, &screen)
        continue
      }
      writer.rawKey(members[index].key)
      let group = members[index].group
      guard !group.isEmpty else {
        writeValue(field, base, host, &writer, &screen)
        continue
      }
      // An alert is null while its title is NULL.
      let isNull = group.contains { entry in
        entry.slot.type == TTT_TYPE_STRING
          && base.load(fromByteOffset: entry.slot.offset, as: UnsafePointer<CChar>?.self) == nil
      }
      guard !isNull else {
        writer.null()
        continue
      }
      writer.beginObject()
      for entry in group {
        writer.rawKey(entry.key)
        writeValue(entry.slot, base, host, &writer, &screen)
      }
      writer.endObject()
    }
    writer.endObject()
  }

  private func writeValue(
    _ field: Slot, _ base: UnsafeRawPointer, _ host: HostConnection,
    _ writer: inout JSONWriter, _ screen: inout String
  ) {
    let at = base + field.offset
    switch field.form {
    case TTT_JSON_SECRET:
      writer.string(at.load(as: Int.self) == 0 ? "" : "<redacted>")
    case TTT_JSON_PLAYER where field.type == TTT_TYPE_BOARD:
      writer.beginArray()
      for row in 0..<3 {
        writer.beginArray()
        for column in 0..<3 {
          writePlayer(UInt32(at.load(fromByteOffset: row * 3 + column, as: UInt8.self)), &writer)
        }
        writer.endArray()
      }
      writer.endArray()
    case TTT_JSON_PLAYER:
      writePlayer(at.load(as: UInt32.self), &writer)
    case TTT_JSON_PRESENTED:
      if at.load(as: Bool.self) {
        writeFeature(field.presents, host, &writer, &screen)
      } else {
        writer.null()
      }
    default:
      writePlain(field.type, at, &writer)
    }
  }

  /// The JSON-lines name of `feature`: `login`; "" for the root and a feature with no fields.
  private func name(of feature: ttt_feature) -> String {
    let slot = Int(feature.rawValue)
    return slot < names.count ? names[slot] : ""
  }

  /// A value as its C type says: a string (null for NULL), a bool, a number, standings.
  private func writePlain(_ type: ttt_type, _ at: UnsafeRawPointer, _ writer: inout JSONWriter) {
    switch type {
    case TTT_TYPE_STRING:
      // Escaped from the host's bytes: no `String` is made of them.
      if let text = at.load(as: UnsafePointer<CChar>?.self) {
        writer.string(
          utf8: UnsafeBufferPointer(
            start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text)))
      } else {
        writer.null()
      }
    case TTT_TYPE_BOOL: writer.bool(at.load(as: Bool.self))
    case TTT_TYPE_INT32: writer.number(Int(at.load(as: Int32.self)))
    case TTT_TYPE_UINT32: writer.number(Int(at.load(as: UInt32.self)))
    case TTT_TYPE_SIZE: writer.number(at.load(as: Int.self))
    case TTT_TYPE_STANDINGS: writeStandings(at, &writer)
    default: writer.null()
    }
  }

  /// `[{"name": "Blob", "wins": 2}]`: the array at `at`, then its count and element size.
  private func writeStandings(_ at: UnsafeRawPointer, _ writer: inout JSONWriter) {
    let pointer = at.load(as: UnsafeRawPointer?.self)
    let count = at.load(fromByteOffset: MemoryLayout<UnsafeRawPointer?>.stride, as: Int.self)
    let size = at.load(
      fromByteOffset: MemoryLayout<UnsafeRawPointer?>.stride + MemoryLayout<Int>.stride,
      as: Int.self)
    writer.beginArray()
    if let pointer, size > 0 {
      for index in 0..<count {
        let standing = (pointer + index * size).assumingMemoryBound(to: ttt_standing.self)
        writer.beginObject()
        writer.key("name")
        writer.string(String(cString: standing.pointee.name))
        writer.key("wins")
        writer.number(Int(standing.pointee.wins))
        writer.endObject()
      }
    }
    writer.endArray()
  }

  /// `"x"`, `"o"`, or `null` for an empty cell or no winner.
  private func writePlayer(_ player: UInt32, _ writer: inout JSONWriter) {
    switch player {
    case TTT_PLAYER_X.rawValue: writer.string("x")
    case TTT_PLAYER_O.rawValue: writer.string("o")
    default: writer.null()
    }
  }
}
