import TicTacToeFrontEndABI

/// A front end's view of the host: typed wrappers over the `ttt_host_api` routines.
///
/// Store-thread rules of the C ABI apply: call these from the front end's callbacks.
public struct HostConnection {
  /// The host's routine table.
  public let api: UnsafePointer<ttt_host_api>
  /// This front end's host handle.
  public let host: OpaquePointer
  /// The store handles asked for so far.
  private let handles = StoreHandles()

  /// Wraps the routine table and host handle passed to `attach`.
  public init(api: UnsafePointer<ttt_host_api>, host: OpaquePointer) {
    self.api = api
    self.host = host
  }

  /// The root store handle.
  public var root: OpaquePointer { handles.handle(TTT_FEATURE_ROOT) { api.pointee.root!(host)! } }

  /// A handle scoped to `feature`.
  public func scope(_ feature: ttt_feature) -> OpaquePointer {
    handles.handle(feature) { api.pointee.scope!(root, feature.rawValue)! }
  }

  /// Which top-level screen is active.
  public func activeRootFeature() -> ttt_feature {
    ttt_feature(rawValue: rootState().active)
  }

  /// Whether the host counts revisions and takes `TTT_REQUEST_REWIND` and `TTT_REQUEST_UNDO`
  /// (ABI 1.2).
  public var supportsRewind: Bool { api.pointee.abi_minor >= 2 }

  /// The revision of the state (ABI 1.2): it counts the changes, and a rewind takes one back
  /// (`request(TTT_REQUEST_REWIND, "\(revision)")`).
  public func revision() -> UInt64 { rootState().revision }

  /// How far the replay that drives the game has come, or `nil` when no replay does (or the
  /// host is older than ABI 1.3).
  public func replay() -> ReplayStatus? {
    replay(in: rootState())
  }

  /// The replay's progress as `root`, a root state read from this host, says it.
  public func replay(in root: ttt_root_state) -> ReplayStatus? {
    guard api.pointee.abi_minor >= 3 else { return nil }
    return ReplayStatus(root)
  }

  /// The root state in one read: the active feature and (ABI 1.2) the revision.
  public func rootState() -> ttt_root_state {
    var state = ttt_root_state()
    state.struct_size = UInt32(MemoryLayout<ttt_root_state>.size)
    _ = api.pointee.read_root!(root, &state)
    return state
  }

  /// The login screen, or `nil` while it is not shown.
  public func login() -> LoginScreen? {
    var state = ttt_login_state()
    state.struct_size = UInt32(MemoryLayout<ttt_login_state>.size)
    guard api.pointee.read_login!(scope(TTT_FEATURE_LOGIN), &state) == TTT_OK else { return nil }
    return LoginScreen(state)
  }

  /// The two-factor screen, or `nil` while it is not shown.
  public func twoFactor() -> TwoFactorScreen? {
    var state = ttt_two_factor_state()
    state.struct_size = UInt32(MemoryLayout<ttt_two_factor_state>.size)
    guard api.pointee.read_two_factor!(scope(TTT_FEATURE_TWO_FACTOR), &state) == TTT_OK else {
      return nil
    }
    return TwoFactorScreen(state)
  }

  /// The new-game screen, or `nil` while it is not shown.
  public func newGame() -> NewGameScreen? {
    var state = ttt_new_game_state()
    state.struct_size = UInt32(MemoryLayout<ttt_new_game_state>.size)
    guard api.pointee.read_new_game!(scope(TTT_FEATURE_NEW_GAME), &state) == TTT_OK else {
      return nil
    }
    return NewGameScreen(state)
  }

  /// The game screen, or `nil` while no game is played.
  public func game() -> GameScreen? {
    var state = ttt_game_state()
    state.struct_size = UInt32(MemoryLayout<ttt_game_state>.size)
    guard api.pointee.read_game!(scope(TTT_FEATURE_GAME), &state) == TTT_OK else { return nil }
    return GameScreen(state)
  }

  /// The screen on top: what a renderer draws.
  public func screen() -> Screen {
    screen(in: rootState())
  }

  /// The screen on top, in the state whose root is `root` (read from this host just before):
  /// a renderer that also shows the root's revision or replay reads the root once for all.
  public func screen(in root: ttt_root_state) -> Screen {
    // The root says which screen is active and each screen whether another covers it, so
    // only the screens shown are read: no read is refused.
    if ttt_feature(rawValue: root.active) == TTT_FEATURE_NEW_GAME, let newGame = newGame() {
      if newGame.isGamePresented, let game = game() { return .game(game) }
      return .newGame(newGame)
    }
    guard let login = login() else { return .login(LoginScreen()) }
    if login.isTwoFactorPresented, let twoFactor = twoFactor() {
      return .twoFactor(twoFactor, login: login)
    }
    return .login(login)
  }

  /// Sends a user intent through the root handle; returns `nil` or the host's error message.
  @discardableResult
  public func send(
    _ tag: ttt_action_tag, text: String? = nil, row: Int = 0, column: Int = 0
  ) -> String? {
    var action = ttt_action()
    action.struct_size = UInt32(MemoryLayout<ttt_action>.size)
    action.tag = tag.rawValue
    action.row = Int32(truncatingIfNeeded: row)
    action.column = Int32(truncatingIfNeeded: column)
    let status: ttt_status =
      if let text {
        text.withCString { pointer in
          action.text = pointer
          return api.pointee.send!(root, &action)
        }
      } else {
        api.pointee.send!(root, &action)
      }
    return status == TTT_OK ? nil : lastError
  }

  /// Edits a text field relative to its current value; returns `nil` or the error message.
  @discardableResult
  public func edit(_ field: ttt_text_field, _ edit: ttt_text_edit, text: String = "") -> String? {
    let status = text.withCString {
      api.pointee.edit_text!(root, field.rawValue, edit.rawValue, $0)
    }
    return status == TTT_OK ? nil : lastError
  }

  /// The message of the last error the host returned to this front end.
  public var lastError: String { api.pointee.last_error!(host).map { String(cString: $0) } ?? "" }

  /// `text`, or `***` in its place when it holds a secret the app holds now (the password, the
  /// two-factor token): call it on whatever a message quotes back from the user's input (an
  /// unknown command, a name), and on that quote only, because the user may have typed the
  /// password there. The whole quote goes, since masking only the secret would spell a short
  /// one by the gaps it leaves; a message's own words are never passed through it.
  ///
  /// A text with U+0000 in it (which a C string cannot hold) is asked about piece by piece,
  /// and comes back whole, or as `***` when any piece holds a secret.
  public func redact(_ text: String) -> String {
    let pieces = text.utf8.split(separator: 0, omittingEmptySubsequences: false)
    guard pieces.count > 1 else { return redactPiece(text) }
    for piece in pieces {
      let piece = String(decoding: piece, as: UTF8.self)
      if redactPiece(piece) != piece { return "***" }
    }
    return text
  }

  /// What the host's `redact` makes of `text`, which holds no U+0000.
  private func redactPiece(_ text: String) -> String {
    let length = text.withCString { api.pointee.redact!(host, $0, nil, 0) }
    var buffer = [CChar](repeating: 0, count: length + 1)
    _ = text.withCString { api.pointee.redact!(host, $0, &buffer, buffer.count) }
    return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Writes a line to the host's log.
  public func log(_ level: ttt_log_level, _ message: String) {
    message.withCString { api.pointee.log!(host, level.rawValue, $0) }
  }

  /// Tells the person at the terminal `text`, one line (`notice`, ABI 1.4): the host logs it
  /// and hands it to the terminal owner, and to nothing else, so it may carry a token the user
  /// needs. Returns `false` when the host is older than ABI 1.4 or refused the text (the caller
  /// then logs it instead).
  public func notice(_ text: String) -> Bool {
    guard api.pointee.abi_minor >= 4 else { return false }
    return text.withCString { api.pointee.notice!(host, $0) } == TTT_OK
  }

  /// Asks the host to switch, attach, detach, quit or settle after the current callback.
  @discardableResult
  public func request(_ request: ttt_request, _ argument: String = "") -> String? {
    let status = argument.withCString { api.pointee.request!(host, request.rawValue, $0) }
    return status == TTT_OK ? nil : lastError
  }

  /// Keeps `value` under `key` for the next front end of this one's name, for the life of the
  /// host (`nil` forgets it): what it shows on top of the app state, such as a cursor, so that
  /// a switch away and back keeps it. Never a secret. Returns `nil` or the host's error
  /// message; a host older than ABI 1.3 keeps nothing.
  @discardableResult
  public func keepNote(_ value: String?, under key: String) -> String? {
    guard keepsNotes else { return "this host keeps no notes (ABI 1.3)" }
    let status = key.withCString { key in
      if let value {
        value.withCString { api.pointee.keep_note!(host, key, $0) }
      } else {
        api.pointee.keep_note!(host, key, nil)
      }
    }
    return status == TTT_OK ? nil : lastError
  }

  /// Whether the host's table has `keep_note` and `note`: checked by its size, since a 1.3
  /// host built before they were appended has a shorter one.
  private var keepsNotes: Bool {
    let end = MemoryLayout<ttt_host_api>.offset(of: \.note)! + MemoryLayout<UnsafeRawPointer?>.size
    return api.pointee.abi_minor >= 3 && Int(api.pointee.struct_size) >= end
  }

  /// What ``keepNote(_:under:)`` kept under `key` for front ends of this one's name, if any.
  public func note(_ key: String) -> String? {
    guard keepsNotes else { return nil }
    return key.withCString { api.pointee.note!(host, $0) }.map { String(cString: $0) }
  }
}

/// A front end's store handles, each asked of the host once: the host gives the same handle for
/// a feature while the front end is attached (and, after, a handle that answers as detached,
/// whichever one is used), so asking again on every read would only repeat the host's checks.
/// Used on the store thread only, as every routine that makes a handle.
private final class StoreHandles {
  // No exclusivity check: read on every state read, each access instantaneous.
  @exclusivity(unchecked) private var handles: [OpaquePointer?] = Array(repeating: nil, count: 8)

  func handle(_ feature: ttt_feature, make: () -> OpaquePointer) -> OpaquePointer {
    let slot = Int(feature.rawValue)
    guard slot < handles.count else { return make() }
    if let handle = handles[slot] { return handle }
    let handle = make()
    handles[slot] = handle
    return handle
  }
}
