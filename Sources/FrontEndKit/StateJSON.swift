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
/// host (the field list is read once) and call ``write(_:to:)`` on the store thread.
public struct StateJSON {
  /// One member of a feature's object: a field's, or an object that consecutive fields with
  /// a dotted name (`alert.title`) make together.
  private enum Member {
    case field(key: String, FieldDescription)
    case object(key: String, [(key: String, field: FieldDescription)])
  }

  /// Each feature's members, indexed by `ttt_feature`.
  private var members: [[Member]] = []

  /// The encoder of the state `fields` describe (``HostConnection/fields()``).
  public init(fields: [FieldDescription]) {
    for field in fields {
      guard let name = field.jsonName else { continue }
      let slot = Int(field.feature.rawValue)
      while members.count <= slot { members.append([]) }
      guard let dot = name.firstIndex(of: ".") else {
        members[slot].append(.field(key: name, field))
        continue
      }
      let key = String(name[..<dot])
      let inner = (key: String(name[name.index(after: dot)...]), field: field)
      if case .object(key, let fields) = members[slot].last {
        members[slot][members[slot].count - 1] = .object(key: key, fields + [inner])
      } else {
        members[slot].append(.object(key: key, [inner]))
      }
    }
  }

  /// The encoder of the state `host` describes.
  public init(_ host: HostConnection) { self.init(fields: host.fields()) }

  /// Writes the root state read through `host`; returns the JSON-lines name of the screen on
  /// top (`login`, `twoFactor`, `newGame` or `game`). A presented screen is read only when its
  /// parent says it is there, so no read is refused.
  public func write(_ host: HostConnection, to writer: inout JSONWriter) -> String {
    var screen = ""
    writeFeature(TTT_FEATURE_ROOT, host, &writer, &screen)
    return screen
  }

  /// Writes `feature`'s object, or `null` when the host refuses to read it.
  private func writeFeature(
    _ feature: ttt_feature, _ host: HostConnection, _ writer: inout JSONWriter,
    _ screen: inout String
  ) {
    if let name = ttt_feature_json_name(feature.rawValue), name.pointee != 0 {
      screen = String(cString: name)
    }
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
    for member in slot < members.count ? members[slot] : [] {
      switch member {
      case .field(_, let field) where field.jsonForm == TTT_JSON_ACTIVE:
        // The member is named for the feature the field holds.
        let active = base.load(fromByteOffset: field.offset, as: UInt32.self)
        guard let name = ttt_feature_json_name(active) else { continue }
        writer.key(String(cString: name))
        writeFeature(ttt_feature(rawValue: active), host, &writer, &screen)
      case .field(let key, let field):
        writer.key(key)
        writeValue(field, base, host, &writer, &screen)
      case .object(let key, let fields):
        writer.key(key)
        // An alert is null while its title is NULL.
        let isNull = fields.contains { entry in
          entry.field.type == TTT_TYPE_STRING
            && base.load(fromByteOffset: entry.field.offset, as: UnsafePointer<CChar>?.self)
              == nil
        }
        guard !isNull else {
          writer.null()
          continue
        }
        writer.beginObject()
        for entry in fields {
          writer.key(entry.key)
          writeValue(entry.field, base, host, &writer, &screen)
        }
        writer.endObject()
      }
    }
    writer.endObject()
  }

  private func writeValue(
    _ field: FieldDescription, _ base: UnsafeRawPointer, _ host: HostConnection,
    _ writer: inout JSONWriter, _ screen: inout String
  ) {
    let at = base + field.offset
    switch field.jsonForm {
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

  /// A value as its C type says: a string (null for NULL), a bool, a number, standings.
  private func writePlain(_ type: ttt_type, _ at: UnsafeRawPointer, _ writer: inout JSONWriter) {
    switch type {
    case TTT_TYPE_STRING:
      writer.string(at.load(as: UnsafePointer<CChar>?.self).map { String(cString: $0) })
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
