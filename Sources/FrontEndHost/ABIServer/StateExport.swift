import TicTacToeAppCore
import TicTacToeAppSchema
import TicTacToeFrontEndABI
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import TicTacToeTwoFactorCore

/// Fills the ABI's state structs from the app state, field by field as ``AppSchema`` says.
/// Strings point into a ``FieldStorage``, which the export keeps, and a handle keeps its last
/// read's export until its next read (the ABI's [until-next-read] lifetime; see
/// ``ExportCache``). Secrets are exported as lengths only.
enum StateExport {
  static func root(
    _ state: TicTacToe.State, revision: UInt64, replay: ReplayProgress?
  ) -> ttt_root_state {
    var out = ttt_root_state()
    out.struct_size = UInt32(MemoryLayout<ttt_root_state>.size)
    out.revision = revision
    if let replay {
      out.is_replay = true
      out.is_replay_over = replay.isOver
      out.replay_step = UInt64(replay.step)
      out.replay_length = UInt64(replay.length)
    }
    export(state, AppSchema.rootFields, into: &out, noStrings)
    return out
  }

  /// The storage of the root's export: its fields point to no strings, so it stays empty, and
  /// a root read allocates nothing.
  // Never written: no root field keeps anything in it.
  nonisolated(unsafe) private static let noStrings = FieldStorage()

  static func login(_ state: Login.State, _ storage: FieldStorage) -> ttt_login_state {
    var out = ttt_login_state()
    out.struct_size = UInt32(MemoryLayout<ttt_login_state>.size)
    export(state, AppSchema.loginFields, into: &out, storage)
    return out
  }

  static func twoFactor(_ state: TwoFactor.State, _ storage: FieldStorage)
    -> ttt_two_factor_state
  {
    var out = ttt_two_factor_state()
    out.struct_size = UInt32(MemoryLayout<ttt_two_factor_state>.size)
    export(state, AppSchema.twoFactorFields, into: &out, storage)
    return out
  }

  static func newGame(_ state: NewGame.State, _ storage: FieldStorage) -> ttt_new_game_state {
    var out = ttt_new_game_state()
    out.struct_size = UInt32(MemoryLayout<ttt_new_game_state>.size)
    export(state, AppSchema.newGameFields, into: &out, storage)
    return out
  }

  static func game(_ state: Game.State, _ storage: FieldStorage) -> ttt_game_state {
    var out = ttt_game_state()
    out.struct_size = UInt32(MemoryLayout<ttt_game_state>.size)
    export(state, AppSchema.gameFields, into: &out, storage)
    return out
  }

  /// Stores every field of `fields` read from `state` into `out`.
  private static func export<Screen, CStruct>(
    _ state: Screen, _ fields: [AppSchema.Field<Screen>], into out: inout CStruct,
    _ storage: FieldStorage
  ) {
    withUnsafeMutableBytes(of: &out) { bytes in
      // By index: only the closure is taken out of the array, not the field's strings.
      for index in fields.indices { fields[index].export(state, bytes.baseAddress!, storage) }
    }
  }

  /// Copies an exported struct, `entry`'s bytes, into the caller's struct at `out`, at most
  /// `out.struct_size` bytes (the caller may have been built against an older, smaller struct).
  static func copy(_ entry: ExportCache.Entry, to out: UnsafeMutableRawPointer)
    throws(HostCallError)
  {
    let callerSize = try structSize(at: out)
    entry.withBytes { copy($0, to: out, callerSize: callerSize) }
  }

  /// Copies `value`, a state struct, into the caller's struct at `out`, as ``copy(_:to:)``.
  static func copy<Exported>(
    struct value: Exported, to out: UnsafeMutableRawPointer
  ) throws(HostCallError) {
    let callerSize = try structSize(at: out)
    withUnsafeBytes(of: value) { copy($0, to: out, callerSize: callerSize) }
  }

  /// The `struct_size` the caller gave its struct at `out`.
  private static func structSize(at out: UnsafeMutableRawPointer) throws(HostCallError) -> Int {
    let callerSize = Int(out.load(as: UInt32.self))
    guard callerSize >= MemoryLayout<UInt32>.size else {
      throw .invalid("struct_size \(callerSize) is too small")
    }
    return callerSize
  }

  private static func copy(
    _ bytes: UnsafeRawBufferPointer, to out: UnsafeMutableRawPointer, callerSize: Int
  ) {
    out.copyMemory(from: bytes.baseAddress!, byteCount: min(callerSize, bytes.count))
    // Keep the caller's own size in its struct.
    out.storeBytes(of: UInt32(callerSize), as: UInt32.self)
  }
}
