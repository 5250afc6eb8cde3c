import TicTacToeAppCore
import TicTacToeFrontEndABI
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import TicTacToeTwoFactorCore

/// Fills the ABI's state structs from the app state. Strings point into `strings`, which the
/// export keeps, and a handle keeps its last read's export until its next read (the ABI's
/// [until-next-read] lifetime; see ``ExportCache``). Secrets are exported as lengths only.
enum StateExport {
  /// Keeps the C strings (and the scoreboard's array) of one read alive.
  final class Strings {
    private var storage: [ContiguousArray<CChar>] = []
    private var standings: ContiguousArray<ttt_standing> = []

    /// A C array of `scoreboard`'s standings, alive as long as this object; `nil` when empty.
    /// One export makes one array.
    func standings(_ scoreboard: Scoreboard) -> (UnsafePointer<ttt_standing>?, count: Int) {
      standings = ContiguousArray(
        scoreboard.standings.map {
          ttt_standing(name: pointer($0.name), wins: UInt32(clamping: $0.wins))
        })
      guard !standings.isEmpty else { return (nil, 0) }
      return (standings.withUnsafeBufferPointer { $0.baseAddress! }, standings.count)
    }

    /// A NUL-terminated copy of `string`, alive as long as this object.
    func pointer(_ string: String) -> UnsafePointer<CChar> {
      storage.append(ContiguousArray(string.utf8CString))
      return storage[storage.count - 1].withUnsafeBufferPointer { $0.baseAddress! }
    }
  }

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
    switch state {
    case .login: out.active = TTT_FEATURE_LOGIN.rawValue
    case .newGame: out.active = TTT_FEATURE_NEW_GAME.rawValue
    }
    return out
  }

  static func login(_ state: Login.State, _ strings: Strings) -> ttt_login_state {
    var out = ttt_login_state()
    out.struct_size = UInt32(MemoryLayout<ttt_login_state>.size)
    out.email = strings.pointer(state.email)
    out.password_length = state.password.utf8.count
    out.is_form_valid = state.isFormValid
    out.is_login_request_in_flight = state.isLoginRequestInFlight
    out.alert_title = state.alert.map { strings.pointer(String(state: $0.title)) }
    out.is_two_factor_presented = state.twoFactor != nil
    out.is_login_button_enabled = state.isLoginButtonEnabled
    out.is_activity_indicator_visible = state.isActivityIndicatorVisible
    out.is_form_disabled = state.isFormDisabled
    return out
  }

  static func twoFactor(_ state: TwoFactor.State, _ strings: Strings) -> ttt_two_factor_state {
    var out = ttt_two_factor_state()
    out.struct_size = UInt32(MemoryLayout<ttt_two_factor_state>.size)
    out.token_length = state.token.utf8.count
    out.code = strings.pointer(state.code)
    out.is_form_valid = state.isFormValid
    out.is_two_factor_request_in_flight = state.isTwoFactorRequestInFlight
    out.alert_title = state.alert.map { strings.pointer(String(state: $0.title)) }
    out.is_submit_button_enabled = state.isSubmitButtonEnabled
    out.is_activity_indicator_visible = state.isActivityIndicatorVisible
    out.is_form_disabled = state.isFormDisabled
    return out
  }

  static func newGame(_ state: NewGame.State, _ strings: Strings) -> ttt_new_game_state {
    var out = ttt_new_game_state()
    out.struct_size = UInt32(MemoryLayout<ttt_new_game_state>.size)
    out.o_player_name = strings.pointer(state.oPlayerName)
    out.x_player_name = strings.pointer(state.xPlayerName)
    out.is_game_presented = state.game != nil
    out.is_lets_play_button_enabled = state.isLetsPlayButtonEnabled
    out.ties = UInt32(clamping: state.scoreboard.ties)
    (out.standings, out.standing_count) = strings.standings(state.scoreboard)
    out.standing_size = MemoryLayout<ttt_standing>.stride
    return out
  }

  static func game(_ state: Game.State, _ strings: Strings) -> ttt_game_state {
    var out = ttt_game_state()
    out.struct_size = UInt32(MemoryLayout<ttt_game_state>.size)
    func cell(_ row: Int, _ column: Int) -> UInt8 { UInt8(player(state.board[row][column])) }
    out.board = (
      (cell(0, 0), cell(0, 1), cell(0, 2)),
      (cell(1, 0), cell(1, 1), cell(1, 2)),
      (cell(2, 0), cell(2, 1), cell(2, 2))
    )
    out.current_player = player(state.currentPlayer)
    out.o_player_name = strings.pointer(state.oPlayerName)
    out.x_player_name = strings.pointer(state.xPlayerName)
    out.winner = player(state.winner)
    out.is_tied = state.isTied
    out.is_board_disabled = state.isBoardDisabled
    out.is_play_again_button_visible = state.isPlayAgainButtonVisible
    out.title = strings.pointer(state.title)
    out.alert_title = state.alert.map { strings.pointer(String(state: $0.title)) }
    return out
  }

  private static func player(_ player: Player?) -> UInt32 {
    switch player {
    case .x: TTT_PLAYER_X.rawValue
    case .o: TTT_PLAYER_O.rawValue
    case nil: TTT_PLAYER_NONE.rawValue
    }
  }

  /// Copies an exported struct's `bytes` into the caller's struct at `out`, at most
  /// `out.struct_size` bytes (the caller may have been built against an older, smaller struct).
  static func copy(_ bytes: [UInt8], to out: UnsafeMutableRawPointer) throws(HostCallError) {
    let callerSize = try structSize(at: out)
    bytes.withUnsafeBytes { copy($0, to: out, callerSize: callerSize) }
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
