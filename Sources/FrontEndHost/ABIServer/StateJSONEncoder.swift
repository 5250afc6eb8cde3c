import JSONLines
import TicTacToeAppCore
import TicTacToeAppSchema
import TicTacToeFrontEndABI

/// Writes the app state as the JSON-lines `state` object (Documentation/JSONLines.md, "The
/// state") for `read_state_json` (ABI 1.6): the fields of each shown screen that the object
/// holds exported into its C struct, as `read_*` would, and written member by member as the
/// reflection table describes it (`json_name`, `json_form`), through the steps of a
/// ``StateJSONProgram``. These are the bytes a front end
/// writes from reflection alone (`FrontEndKit`'s `StateJSON`; `StateJSONReflectionTests` holds
/// the two to it), made once in the host instead of once in each front end, from structs on
/// the stack instead of reads across the ABI.
///
/// The strings of each export go into one storage, emptied before each state: nothing is
/// allocated once its block has grown to a screen's strings. Not isolated: its closures would
/// otherwise check at every call that they run on the main actor (see ``UncheckedClosures``).
struct StateJSONEncoder {
  /// The members of each feature's object, compiled.
  private let program = StateJSONProgram(AppSchema.fields, featureCount: HostFeature.allCases.count)
  /// The strings of the export being written.
  private let strings = FieldStorage()
  /// Each screen's fields that have a JSON-lines member: the view values the object leaves
  /// out are not worked out.
  private let rootFields = AppSchema.rootFields.filter { $0.info.json != nil }
  private let loginFields = AppSchema.loginFields.filter { $0.info.json != nil }
  private let twoFactorFields = AppSchema.twoFactorFields.filter { $0.info.json != nil }
  private let newGameFields = AppSchema.newGameFields.filter { $0.info.json != nil }
  private let gameFields = AppSchema.gameFields.filter { $0.info.json != nil }

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

  /// Follows `feature`'s steps over its exported struct at `base`.
  private func writeObject(
    _ feature: HostFeature, _ base: UnsafeRawPointer, _ state: TicTacToe.State,
    _ writer: StateJSONBytes, _ screen: inout HostFeature
  ) {
    var index = program.starts[Int(feature.rawValue)]
    while true {
      let step = program.steps[index]
      index += 1
      writer.raw(program.text, step.bytes)
      let at = base + step.offset
      switch step.kind {
      case .end:
        return
      case .groupEnd:
        continue
      case .group:
        // An alert is null while its title is NULL.
        let isNull = program.nullChecks[step.nullChecks].contains { offset in
          base.load(fromByteOffset: offset, as: UnsafePointer<CChar>?.self) == nil
        }
        if isNull {
          writer.literal("null")
          index += step.skip
        }
      case .string:
        if let text = at.load(as: UnsafePointer<CChar>?.self) {
          writer.string(text)
        } else {
          writer.literal("null")
        }
      case .secret: writer.literal(at.load(as: Int.self) == 0 ? #""""# : #""<redacted>""#)
      case .bool: writer.literal(at.load(as: Bool.self) ? "true" : "false")
      case .int32: writer.number(Int(at.load(as: Int32.self)))
      case .uint32: writer.number(Int(at.load(as: UInt32.self)))
      case .size: writer.number(at.load(as: Int.self))
      case .standings: writeStandings(at, writer)
      case .player: writePlayer(at.load(as: UInt32.self), writer)
      case .board:
        for cell in 0..<9 {
          writer.literal(cell == 0 ? "[[" : cell % 3 == 0 ? "],[" : ",")
          writePlayer(UInt32(at.load(fromByteOffset: cell, as: UInt8.self)), writer)
        }
        writer.literal("]]")
      case .presented:
        if at.load(as: Bool.self), let presented = HostFeature(rawValue: step.presents) {
          writeFeature(presented, state, writer, &screen)
        } else {
          writer.literal("null")
        }
      case .active:
        // The member is named for the feature the field holds.
        guard let active = HostFeature(rawValue: at.load(as: UInt32.self)) else { continue }
        writer.raw(program.text, program.nameKeys[Int(active.rawValue)])
        writeFeature(active, state, writer, &screen)
      case .null:
        writer.literal("null")
      }
    }
  }

  /// `[{"name":"Blob","wins":2}]`: the array at `at`, then its count.
  private func writeStandings(_ at: UnsafeRawPointer, _ writer: StateJSONBytes) {
    let pointer = at.load(as: UnsafePointer<ttt_standing>?.self)
    let count = at.load(fromByteOffset: MemoryLayout<UnsafeRawPointer?>.stride, as: Int.self)
    writer.literal("[")
    if let pointer {
      for index in 0..<count {
        writer.literal(index == 0 ? #"{"name":"# : #",{"name":"#)
        writer.string(pointer[index].name)
        writer.literal(#","wins":"#)
        writer.number(Int(pointer[index].wins))
        writer.literal("}")
      }
    }
    writer.literal("]")
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
