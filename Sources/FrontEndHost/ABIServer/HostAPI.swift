import TicTacToeAppCore
import TicTacToeAppSchema
import TicTacToeFrontEndABI

/// The table of host routines (`ttt_host_api`) handed to every front end.
///
/// Every routine goes through one wrapper (`with(_:as:_:otherwise:_:)` and its forms in
/// `HostAPI+Checks.swift`): it looks the pointer up in ``HandleRegistry``, checks the thread
/// rule the header gives the routine and that the front end is still attached, and turns a
/// thrown ``HostCallError`` into the routine's status and `last_error`.
/// The routines themselves only say what they do, grouped by what they serve: handles and
/// reads (`HostAPI+State.swift`), sends (`+Actions`), callbacks (`+Callbacks`), errors, logs and
/// redaction (`+Messages`), requests, outputs and notes (`+Services`), what a case path names
/// (`+Lookup`), the state as JSON (`+StateJSON`).
enum HostAPI {
  /// The table; static storage, valid for the life of the process.
  // Immutable once built; the routines it points to are safe to call as the header says.
  nonisolated(unsafe) static let table: UnsafePointer<ttt_host_api> = {
    let table = UnsafeMutablePointer<ttt_host_api>.allocate(capacity: 1)
    table.initialize(
      to: ttt_host_api(
        struct_size: UInt32(MemoryLayout<ttt_host_api>.size),
        abi_major: TTT_ABI_VERSION_MAJOR,
        abi_minor: TTT_ABI_VERSION_MINOR,
        root: { HostAPI.root($0) },
        scope: { HostAPI.scope($0, $1) },
        is_active: { HostAPI.isActive($0) },
        read_root: { HostAPI.readRoot($0, $1) },
        read_login: { HostAPI.read($0, UnsafeMutableRawPointer($1), .login, "read_login") },
        read_two_factor: {
          HostAPI.read($0, UnsafeMutableRawPointer($1), .twoFactor, "read_two_factor")
        },
        read_new_game: {
          HostAPI.read($0, UnsafeMutableRawPointer($1), .newGame, "read_new_game")
        },
        read_game: { HostAPI.read($0, UnsafeMutableRawPointer($1), .game, "read_game") },
        send: { HostAPI.send($0, $1) },
        edit_text: { HostAPI.editText($0, $1, $2, $3) },
        subscribe: { HostAPI.subscribe($0, $1, $2) },
        observe_actions: { HostAPI.observeActions($0, $1, $2) },
        unsubscribe: { HostAPI.unsubscribe($0, $1) },
        last_error: { HostAPI.lastError($0) },
        log: { HostAPI.log($0, $1, $2) },
        request: { HostAPI.request($0, $1, $2) },
        action_count: { HostAPI.actionCount($0) },
        action_at: { HostAPI.actionAt($0, $1) },
        send_path: { HostAPI.sendPath($0, $1, $2, $3) },
        make_sender: { HostAPI.makeSender($0, $1) },
        field_count: { HostAPI.fieldCount($0) },
        field_at: { HostAPI.fieldAt($0, $1) },
        open_output: { HostAPI.openOutput($0, $1, $2) },
        write: { HostAPI.write($0, $1, $2) },
        redact: { HostAPI.redact($0, $1, $2, $3) },
        make_typed_sender: { HostAPI.makeTypedSender($0, $1, $2) },
        send_values: { HostAPI.sendValues($0, $1, $2, $3, $4) },
        keep_note: { HostAPI.keepNote($0, $1, $2) },
        note: { HostAPI.note($0, $1) },
        run_on_store_thread: { HostAPI.runOnStoreThread($0, $1, $2) },
        notice: { HostAPI.notice($0, $1) },
        find_action: { HostAPI.findAction($0, $1, $2) },
        read_state_json: { HostAPI.readStateJSON($0, $1) }
      ))
    return UnsafePointer(table)
  }()

  /// A table of the host's own, for one ``FrontEndHost``: a copy of ``table`` that is never
  /// freed, so that its address names that host for the life of the process (the header
  /// promises front ends one table per host: with a revision, it names a state).
  static func ownTable() -> UnsafePointer<ttt_host_api> {
    let copy = UnsafeMutablePointer<ttt_host_api>.allocate(capacity: 1)
    copy.initialize(to: table.pointee)
    return UnsafePointer(copy)
  }

  /// Records `error` as `session`'s `last_error` and returns its status.
  static func fail(_ session: AttachedFrontEnd, _ error: HostCallError) -> ttt_status {
    session.setLastError(error.message)
    return error.status
  }
}
