import TicTacToeFrontEndABI
import TicTacToeGameCore

/// Makes the ``AppSchema/Field``s of one screen, whose state is `Screen` and whose ABI struct
/// is `CStruct`: each line of a screen's schema names the C field by key path (its offset comes
/// from there) and reads the value from the state with a closure.
struct FieldMaker<Screen, CStruct> {
  typealias Field = AppSchema.Field<Screen>
  let feature: ttt_feature
  /// Whether a session file keeps this screen at all.
  let isSaved: Bool
  /// The fields of this screen that a session file does not keep.
  let notSaved: Set<String>

  init(feature: ttt_feature, isSaved: Bool = true, notSaved: Set<String> = []) {
    self.feature = feature
    self.isSaved = isSaved
    self.notSaved = notSaved
  }

  private func info(
    _ name: String, _ type: ttt_type, _ keyPath: PartialKeyPath<CStruct>, derived: Bool,
    secret: Bool = false, json: AppSchema.JSONMember?, session: AppSchema.SessionMember?,
    screens: [ttt_feature] = [], request: String? = nil
  ) -> AppSchema.FieldInfo {
    AppSchema.FieldInfo(
      feature: feature, name: name, type: type,
      offset: MemoryLayout<CStruct>.offset(of: keyPath)!, isDerived: derived, isSecret: secret,
      json: json, isSaved: isSaved && !secret && !notSaved.contains(name),
      session: isSaved ? session : nil, screens: screens, request: request)
  }

  /// A `const char *` field; `set` puts it back into a screen's state.
  func string(
    _ name: String, _ keyPath: KeyPath<CStruct, UnsafePointer<CChar>?>, derived: Bool = false,
    json: AppSchema.JSONMember?, session: AppSchema.SessionMember? = nil,
    _ get: @escaping @Sendable (Screen) -> String,
    set: (@Sendable (inout Screen, String) -> Void)? = nil
  ) -> Field {
    let info = info(name, TTT_TYPE_STRING, keyPath, derived: derived, json: json, session: session)
    var field = Field(info: info, structSize: MemoryLayout<CStruct>.size) {
      screen, base, storage in
      base.storeBytes(
        of: Optional(storage.pointer(get(screen))), toByteOffset: info.offset,
        as: UnsafePointer<CChar>?.self)
    }
    if let set {
      field.restore = { screen, value in
        if case .string(let text) = value { set(&screen, text ?? "") }
      }
    }
    return field
  }

  /// A `const char *` field that is `NULL` when `get` says `nil` (an alert's title).
  func optionalString(
    _ name: String, _ keyPath: KeyPath<CStruct, UnsafePointer<CChar>?>, derived: Bool = false,
    json: AppSchema.JSONMember?, session: AppSchema.SessionMember? = nil,
    _ get: @escaping @Sendable (Screen) -> String?,
    set: (@Sendable (inout Screen, String?) -> Void)? = nil
  ) -> Field {
    let info = info(name, TTT_TYPE_STRING, keyPath, derived: derived, json: json, session: session)
    var field = Field(info: info, structSize: MemoryLayout<CStruct>.size) {
      screen, base, storage in
      base.storeBytes(
        of: get(screen).map { storage.pointer($0) }, toByteOffset: info.offset,
        as: UnsafePointer<CChar>?.self)
    }
    if let set {
      field.restore = { screen, value in
        if case .string(let text) = value { set(&screen, text) }
      }
    }
    return field
  }

  /// A `bool` field; `request` names the server request it says is in flight, if it does.
  func bool(
    _ name: String, _ keyPath: KeyPath<CStruct, Bool>, derived: Bool = false,
    json: AppSchema.JSONMember?, session: AppSchema.SessionMember? = nil, request: String? = nil,
    _ get: @escaping @Sendable (Screen) -> Bool,
    set: (@Sendable (inout Screen, Bool) -> Void)? = nil
  ) -> Field {
    let info = info(
      name, TTT_TYPE_BOOL, keyPath, derived: derived, json: json, session: session,
      request: request)
    var field = Field(info: info, structSize: MemoryLayout<CStruct>.size) { screen, base, _ in
      base.storeBytes(of: get(screen), toByteOffset: info.offset, as: Bool.self)
    }
    if let set {
      field.restore = { screen, value in
        if case .bool(let flag) = value { set(&screen, flag) }
      }
    }
    return field
  }

  /// A `bool` field that says whether the `Child` screen `presentation` reads is shown.
  func presented(
    _ name: String, _ keyPath: KeyPath<CStruct, Bool>, json: AppSchema.JSONMember,
    session: AppSchema.SessionMember? = nil, _ presentation: AppSchema.Presentation<Screen>,
    _ get: @escaping @Sendable (Screen) -> Bool
  ) -> Field {
    let info = info(
      name, TTT_TYPE_BOOL, keyPath, derived: false, json: json, session: session,
      screens: [json.presents])
    var field = Field(info: info, structSize: MemoryLayout<CStruct>.size) { screen, base, _ in
      base.storeBytes(of: get(screen), toByteOffset: info.offset, as: Bool.self)
    }
    field.presentation = presentation
    return field
  }

  /// A `uint32_t` count.
  func uint32(
    _ name: String, _ keyPath: KeyPath<CStruct, UInt32>, derived: Bool = false,
    json: AppSchema.JSONMember?, session: AppSchema.SessionMember? = nil,
    _ get: @escaping @Sendable (Screen) -> Int,
    set: (@Sendable (inout Screen, Int) -> Void)? = nil
  ) -> Field {
    let info = info(name, TTT_TYPE_UINT32, keyPath, derived: derived, json: json, session: session)
    var field = Field(info: info, structSize: MemoryLayout<CStruct>.size) { screen, base, _ in
      base.storeBytes(of: UInt32(clamping: get(screen)), toByteOffset: info.offset, as: UInt32.self)
    }
    if let set {
      field.restore = { screen, value in
        if case .number(let count) = value { set(&screen, count) }
      }
    }
    return field
  }

  /// A `size_t` field that is a count the state keeps by itself.
  func size(
    _ name: String, _ keyPath: KeyPath<CStruct, Int>, json: AppSchema.JSONMember?,
    _ get: @escaping @Sendable (Screen) -> Int
  ) -> Field {
    let info = info(name, TTT_TYPE_SIZE, keyPath, derived: false, json: json, session: nil)
    return Field(info: info, structSize: MemoryLayout<CStruct>.size) { screen, base, _ in
      base.storeBytes(of: get(screen), toByteOffset: info.offset, as: Int.self)
    }
  }

  /// A secret (`size_t`): its length is all that crosses. `set` puts back the text a format
  /// holds in its place (`""` or `"<redacted>"`), or `nil` when the state fixes it at
  /// creation. A session file never keeps it.
  func secret(
    _ name: String, _ keyPath: KeyPath<CStruct, Int>, json: AppSchema.JSONMember?,
    _ get: @escaping @Sendable (Screen) -> String,
    set: (@Sendable (inout Screen, String) -> Void)? = nil
  ) -> Field {
    let info = info(
      name, TTT_TYPE_SIZE, keyPath, derived: false, secret: true, json: json, session: nil)
    var field = Field(info: info, structSize: MemoryLayout<CStruct>.size) { screen, base, _ in
      base.storeBytes(of: get(screen).utf8.count, toByteOffset: info.offset, as: Int.self)
    }
    if let set {
      field.restore = { screen, value in
        if case .string(let text) = value { set(&screen, text ?? "") }
      }
    }
    return field
  }

  /// A `uint32_t` field that holds a `ttt_player` (`TTT_PLAYER_NONE` for `nil`).
  func player(
    _ name: String, _ keyPath: KeyPath<CStruct, UInt32>, derived: Bool = false,
    json: AppSchema.JSONMember?, session: AppSchema.SessionMember? = nil,
    _ get: @escaping @Sendable (Screen) -> Player?,
    set: (@Sendable (inout Screen, Player) -> Void)? = nil
  ) -> Field {
    let info = info(name, TTT_TYPE_UINT32, keyPath, derived: derived, json: json, session: session)
    var field = Field(info: info, structSize: MemoryLayout<CStruct>.size) { screen, base, _ in
      base.storeBytes(
        of: AppSchema.cValue(of: get(screen)), toByteOffset: info.offset, as: UInt32.self)
    }
    if let set {
      field.restore = { screen, value in
        if case .number(let value) = value, let player = AppSchema.player(cValue: UInt32(value)) {
          set(&screen, player)
        }
      }
    }
    return field
  }

  /// A `uint32_t` field that holds the `ttt_feature` of the screen shown, one of `screens`.
  func feature(
    _ name: String, _ keyPath: KeyPath<CStruct, UInt32>, json: AppSchema.JSONMember?,
    session: AppSchema.SessionMember? = nil, screens: [ttt_feature],
    _ presentation: AppSchema.Presentation<Screen>,
    _ get: @escaping @Sendable (Screen) -> ttt_feature
  ) -> Field {
    let info = info(
      name, TTT_TYPE_UINT32, keyPath, derived: false, json: json, session: session,
      screens: screens)
    var field = Field(info: info, structSize: MemoryLayout<CStruct>.size) { screen, base, _ in
      base.storeBytes(of: get(screen).rawValue, toByteOffset: info.offset, as: UInt32.self)
    }
    field.presentation = presentation
    return field
  }

  /// A `uint8_t[3][3]` board of `ttt_player`, `board[row][column]`.
  func board<Board>(
    _ name: String, _ keyPath: KeyPath<CStruct, Board>, json: AppSchema.JSONMember?,
    session: AppSchema.SessionMember? = nil,
    _ get: @escaping @Sendable (Screen, _ row: Int, _ column: Int) -> Player?,
    set: (@Sendable (inout Screen, _ row: Int, _ column: Int, Player?) -> Void)? = nil
  ) -> Field {
    let info = info(name, TTT_TYPE_BOARD, keyPath, derived: false, json: json, session: session)
    var field = Field(info: info, structSize: MemoryLayout<CStruct>.size) { screen, base, _ in
      for row in 0..<3 {
        for column in 0..<3 {
          base.storeBytes(
            of: UInt8(AppSchema.cValue(of: get(screen, row, column))),
            toByteOffset: info.offset + row * 3 + column, as: UInt8.self)
        }
      }
    }
    if let set {
      field.restore = { screen, value in
        guard case .board(let cells) = value, cells.count == 9 else { return }
        for (index, cell) in cells.enumerated() {
          set(&screen, index / 3, index % 3, AppSchema.player(cValue: UInt32(cell)))
        }
      }
    }
    return field
  }

  /// The standings array (`TTT_TYPE_STANDINGS`): its pointer at `keyPath`, then its count and
  /// element size.
  func standings(
    _ name: String, _ keyPath: KeyPath<CStruct, UnsafePointer<ttt_standing>?>,
    json: AppSchema.JSONMember?, session: AppSchema.SessionMember? = nil,
    _ get: @escaping @Sendable (Screen) -> [(name: String, wins: Int)],
    set: (@Sendable (inout Screen, [String: Int]) -> Void)? = nil
  ) -> Field {
    let info = info(name, TTT_TYPE_STANDINGS, keyPath, derived: false, json: json, session: session)
    var field = Field(info: info, structSize: MemoryLayout<CStruct>.size) {
      screen, base, storage in
      let standings = get(screen)
      base.storeBytes(
        of: storage.standings(standings), toByteOffset: info.offset,
        as: UnsafePointer<ttt_standing>?.self)
      let count = info.offset + MemoryLayout<UnsafeRawPointer?>.stride
      base.storeBytes(of: standings.count, toByteOffset: count, as: Int.self)
      base.storeBytes(
        of: MemoryLayout<ttt_standing>.stride, toByteOffset: count + MemoryLayout<Int>.stride,
        as: Int.self)
    }
    if let set {
      field.restore = { screen, value in
        guard case .standings(let names, let wins) = value else { return }
        set(&screen, Dictionary(zip(names, wins)) { first, _ in first })
      }
    }
    return field
  }
}
