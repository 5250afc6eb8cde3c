import AppCore
import Foundation
import TicTacToeFrontendABI

/// The table of host routines (`ttt_host_api`) handed to every front end.
///
/// Each routine validates its handle against ``HandleRegistry``, checks the thread rule written
/// in the header, and turns every failure into a status code plus a `last_error` message.
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
        read_root: { HostAPI.read($0, $1, .root) { state, _ in StateExport.root(state) } },
        read_login: {
          HostAPI.read($0, $1, .login) { state, strings in
            guard case .login(let login) = state else { return nil }
            return StateExport.login(login, strings)
          }
        },
        read_two_factor: {
          HostAPI.read($0, $1, .twoFactor) { state, strings in
            guard case .login(let login) = state, let twoFactor = login.twoFactor else {
              return nil
            }
            return StateExport.twoFactor(twoFactor, strings)
          }
        },
        read_new_game: {
          HostAPI.read($0, $1, .newGame) { state, strings in
            guard case .newGame(let newGame) = state else { return nil }
            return StateExport.newGame(newGame, strings)
          }
        },
        read_game: {
          HostAPI.read($0, $1, .game) { state, strings in
            guard case .newGame(let newGame) = state, let game = newGame.game else { return nil }
            return StateExport.game(game, strings)
          }
        },
        send: { HostAPI.send($0, $1) },
        edit_text: { HostAPI.editText($0, $1, $2, $3) },
        subscribe: { HostAPI.subscribe($0, $1, $2) },
        observe_actions: { HostAPI.observeActions($0, $1, $2) },
        unsubscribe: { HostAPI.unsubscribe($0, $1) },
        last_error: { HostAPI.lastError($0) },
        log: { HostAPI.log($0, $1, $2) },
        request: { HostAPI.request($0, $1, $2) }
      ))
    return UnsafePointer(table)
  }()

  // MARK: Handles

  private static func root(_ host: OpaquePointer?) -> OpaquePointer? {
    guard let session = HandleRegistry.lookup(host, as: FrontEndSession.self) else { return nil }
    return session.handle(.root).pointer
  }

  private static func scope(_ store: OpaquePointer?, _ feature: UInt32) -> OpaquePointer? {
    guard let handle = HandleRegistry.lookup(store, as: StoreHandle.self) else { return nil }
    guard let feature = Feature(rawValue: feature) else {
      handle.session.setLastError("unknown feature \(feature)")
      return nil
    }
    return handle.session.handle(feature).pointer
  }

  private static func isActive(_ store: OpaquePointer?) -> Bool {
    guard let (handle, host) = storeThreadHandle(store, routine: "is_active") else {
      return false
    }
    return MainActor.assumeIsolated { handle.feature.inactivity(in: host.store.state) == nil }
  }

  // MARK: State

  private static func read<T>(
    _ store: OpaquePointer?,
    _ out: UnsafeMutablePointer<T>?,
    _ feature: Feature,
    _ export: (TicTacToe.State, StateExport.Strings) -> T?
  ) -> ttt_status {
    guard let (handle, host) = storeThreadHandle(store, routine: "read") else {
      return TTT_ERR_INVALID_ARGUMENT
    }
    guard let out else { return fail(handle.session, .invalid("the output struct is NULL")) }
    // The routine runs synchronously on the store thread; nothing here crosses threads.
    nonisolated(unsafe) let output = out
    nonisolated(unsafe) let export = export
    guard handle.feature == feature else {
      return fail(
        handle.session,
        .wrongFeature(
          "this read is for \(feature.displayName), but the handle is scoped to "
            + "\(handle.feature.displayName)"))
    }
    return MainActor.assumeIsolated {
      let state = host.store.state
      if let reason = feature.inactivity(in: state) {
        return fail(handle.session, .inactive(reason))
      }
      handle.strings.reset()
      guard let value = export(state, handle.strings) else {
        return fail(handle.session, .inactive("\(feature.displayName) is not shown"))
      }
      if let error = StateExport.copy(value, to: output) { return fail(handle.session, error) }
      return TTT_OK
    }
  }

  // MARK: Actions

  private static func send(_ store: OpaquePointer?, _ action: UnsafePointer<ttt_action>?)
    -> ttt_status
  {
    guard let handle = HandleRegistry.lookup(store, as: StoreHandle.self) else {
      return TTT_ERR_INVALID_ARGUMENT
    }
    guard let action = copyAction(action) else {
      return fail(handle.session, .invalid("the action is NULL or its struct_size is too small"))
    }
    switch ActionImport.action(from: action, through: handle.feature) {
    case .failure(let error):
      return fail(handle.session, error)
    case .success(let appAction):
      return deliver(appAction, tag: action.tag, from: handle.session)
    }
  }

  private static func editText(
    _ store: OpaquePointer?, _ field: UInt32, _ edit: UInt32, _ text: UnsafePointer<CChar>?
  ) -> ttt_status {
    guard let handle = HandleRegistry.lookup(store, as: StoreHandle.self) else {
      return TTT_ERR_INVALID_ARGUMENT
    }
    let session = handle.session
    let text = text.map {
      String(
        decoding: UnsafeRawBufferPointer(
          start: $0, count: strnlen($0, ActionImport.maximumTextLength)
        ).bindMemory(to: UInt8.self), as: UTF8.self)
    }
    let apply: @MainActor @Sendable () -> ttt_status = {
      guard let host = session.host, session.isAttached else {
        return fail(session, .init(status: TTT_ERR_DETACHED, message: "the front end is detached"))
      }
      let current: (tag: ttt_action_tag, value: String)
      switch TextEdit.current(field, in: host.store.state) {
      case .failure(let error): return fail(session, error)
      case .success(let value): current = value
      }
      let newValue: String
      switch TextEdit.apply(edit, text: text, to: current.value) {
      case .failure(let error): return fail(session, error)
      case .success(let value): newValue = value
      }
      return newValue.withCString { pointer in
        var action = ttt_action()
        action.struct_size = UInt32(MemoryLayout<ttt_action>.size)
        action.tag = current.tag.rawValue
        action.text = pointer
        switch ActionImport.action(from: action, through: handle.feature) {
        case .failure(let error): return fail(session, error)
        case .success(let appAction): return host.send(appAction, tag: action.tag, from: session)
        }
      }
    }
    if isStoreThread() { return MainActor.assumeIsolated { apply() } }
    Task { @MainActor in
      let status = apply()
      if status != TTT_OK {
        session.host?.log(
          from: session, level: TTT_LOG_WARNING.rawValue,
          message:
            "edit_text from another thread failed: \(String(cString: session.lastErrorPointer()))")
      }
    }
    return TTT_OK
  }

  private static func deliver(
    _ action: TicTacToe.Action, tag: UInt32, from session: FrontEndSession
  ) -> ttt_status {
    if isStoreThread() {
      return MainActor.assumeIsolated {
        guard let host = session.host, session.isAttached else {
          return fail(
            session, .init(status: TTT_ERR_DETACHED, message: "the front end is detached"))
        }
        return host.send(action, tag: tag, from: session)
      }
    }
    Task { @MainActor in
      guard let host = session.host else { return }
      if host.send(action, tag: tag, from: session) != TTT_OK {
        host.log(
          from: session, level: TTT_LOG_WARNING.rawValue,
          message: "an action sent from another thread was rejected: "
            + String(cString: session.lastErrorPointer()))
      }
    }
    return TTT_OK
  }

  private static func copyAction(_ pointer: UnsafePointer<ttt_action>?) -> ttt_action? {
    guard let pointer else { return nil }
    let size = Int(UnsafeRawPointer(pointer).load(as: UInt32.self))
    guard size >= 2 * MemoryLayout<UInt32>.size else { return nil }
    var action = ttt_action()
    withUnsafeMutableBytes(of: &action) { bytes in
      bytes.copyMemory(
        from: UnsafeRawBufferPointer(start: pointer, count: min(size, bytes.count)))
    }
    return action
  }

  // MARK: Observation

  private static func subscribe(
    _ store: OpaquePointer?, _ callback: ttt_change_callback?, _ context: UnsafeMutableRawPointer?
  ) -> UInt64 {
    guard let (handle, host) = storeThreadHandle(store, routine: "subscribe") else { return 0 }
    guard let callback else {
      _ = fail(handle.session, .invalid("the change callback is NULL"))
      return 0
    }
    nonisolated(unsafe) let context = context
    return MainActor.assumeIsolated {
      host.subscribe(handle, callback: callback, context: context)
    }
  }

  private static func observeActions(
    _ hostPointer: OpaquePointer?, _ callback: ttt_action_callback?,
    _ context: UnsafeMutableRawPointer?
  ) -> UInt64 {
    guard let (session, host) = storeThreadSession(hostPointer, routine: "observe_actions") else {
      return 0
    }
    guard let callback else {
      _ = fail(session, .invalid("the action callback is NULL"))
      return 0
    }
    nonisolated(unsafe) let context = context
    return MainActor.assumeIsolated {
      host.observeActions(session, callback: callback, context: context)
    }
  }

  private static func unsubscribe(_ hostPointer: OpaquePointer?, _ id: UInt64) {
    guard let (session, host) = storeThreadSession(hostPointer, routine: "unsubscribe") else {
      return
    }
    MainActor.assumeIsolated { host.unsubscribe(id, of: session) }
  }

  // MARK: Errors, logs, requests

  private static func lastError(_ hostPointer: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let session = HandleRegistry.lookup(hostPointer, as: FrontEndSession.self) else {
      return nil
    }
    return session.lastErrorPointer()
  }

  private static func log(
    _ hostPointer: OpaquePointer?, _ level: UInt32, _ message: UnsafePointer<CChar>?
  ) {
    guard let session = HandleRegistry.lookup(hostPointer, as: FrontEndSession.self),
      let message
    else { return }
    let text = String(
      decoding: UnsafeRawBufferPointer(start: message, count: strnlen(message, 4096))
        .bindMemory(to: UInt8.self), as: UTF8.self)
    if isStoreThread() {
      MainActor.assumeIsolated { session.host?.log(from: session, level: level, message: text) }
    } else {
      Task { @MainActor in session.host?.log(from: session, level: level, message: text) }
    }
  }

  private static func request(
    _ hostPointer: OpaquePointer?, _ kind: UInt32, _ argument: UnsafePointer<CChar>?
  ) -> ttt_status {
    guard let (session, host) = storeThreadSession(hostPointer, routine: "request") else {
      return TTT_ERR_INVALID_ARGUMENT
    }
    let argument = argument.map { String(cString: $0) } ?? ""
    return MainActor.assumeIsolated {
      switch host.enqueueRequest(kind, argument: argument, from: session) {
      case .success: return TTT_OK
      case .failure(let error): return fail(session, error)
      }
    }
  }

  // MARK: Helpers

  private static func storeThreadHandle(
    _ store: OpaquePointer?, routine: String
  ) -> (StoreHandle, FrontEndHost)? {
    guard let handle = HandleRegistry.lookup(store, as: StoreHandle.self) else { return nil }
    guard isStoreThread() else {
      handle.session.setLastError("\(routine) must be called on the store thread")
      return nil
    }
    guard let host = handle.session.host, handle.session.isAttached else {
      handle.session.setLastError("the front end is detached")
      return nil
    }
    return (handle, host)
  }

  private static func storeThreadSession(
    _ hostPointer: OpaquePointer?, routine: String
  ) -> (FrontEndSession, FrontEndHost)? {
    guard let session = HandleRegistry.lookup(hostPointer, as: FrontEndSession.self) else {
      return nil
    }
    guard isStoreThread() else {
      session.setLastError("\(routine) must be called on the store thread")
      return nil
    }
    guard let host = session.host, session.isAttached else {
      session.setLastError("the front end is detached")
      return nil
    }
    return (session, host)
  }

  static func fail(_ session: FrontEndSession, _ error: RoutineError) -> ttt_status {
    session.setLastError(error.message)
    return error.status
  }
}

/// Whether the caller runs on the store thread: the main queue, where the main actor runs.
///
/// Checked with queue-specific data rather than a thread id, because the main queue is not
/// always served by the main thread (after `dispatchMain()` it runs on a worker thread).
func isStoreThread() -> Bool { DispatchQueue.getSpecific(key: storeQueueKey) == true }

/// Marks the main queue as the store thread.
func markStoreThread() { DispatchQueue.main.setSpecific(key: storeQueueKey, value: true) }

private let storeQueueKey = DispatchSpecificKey<Bool>()
