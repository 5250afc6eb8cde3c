import AppCore
import DynamicCall
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
        request: { HostAPI.request($0, $1, $2) },
        action_count: { HostAPI.actionCount($0) },
        action_at: { HostAPI.actionAt($0, $1) },
        send_path: { HostAPI.sendPath($0, $1, $2, $3) },
        make_sender: { HostAPI.makeSender($0, $1) },
        field_count: { HostAPI.fieldCount($0) },
        field_at: { HostAPI.fieldAt($0, $1) },
        open_output: { HostAPI.openOutput($0, $1, $2) },
        write: { HostAPI.write($0, $1, $2) }
      ))
    return UnsafePointer(table)
  }()

  // MARK: Handles

  private static func root(_ host: OpaquePointer?) -> OpaquePointer? {
    guard let session = HandleRegistry.lookup(host, as: FrontEndSession.self) else { return nil }
    // On the store thread only: handles are made and kept in store-thread state.
    guard isStoreThread() else {
      session.setLastError("root must be called on the store thread")
      return nil
    }
    return session.handle(.root).pointer
  }

  private static func scope(_ store: OpaquePointer?, _ feature: UInt32) -> OpaquePointer? {
    guard let handle = HandleRegistry.lookup(store, as: StoreHandle.self) else { return nil }
    guard isStoreThread() else {
      handle.session.setLastError("scope must be called on the store thread")
      return nil
    }
    guard let feature = HostFeature(rawValue: feature) else {
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
    _ feature: HostFeature,
    _ export: (TicTacToe.State, StateExport.Strings) -> T?
  ) -> ttt_status {
    guard let (handle, host) = storeThreadHandle(store, routine: "read") else {
      return refusal(HandleRegistry.lookup(store, as: StoreHandle.self)?.session)
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
    guard let host = handle.session.host, handle.session.isAttached else {
      return fail(handle.session, .detached)
    }
    let catalog = host.actions
    switch ActionImport.action(from: action, through: handle.feature, catalog: catalog) {
    case .failure(let error): return fail(handle.session, error)
    case .success(let decoded): return deliver(decoded.action, decoded.entry, from: handle.session)
    }
  }

  private static func sendPath(
    _ store: OpaquePointer?, _ casePath: UnsafePointer<CChar>?, _ values: UnsafePointer<ttt_value>?,
    _ count: Int
  ) -> ttt_status {
    guard let handle = HandleRegistry.lookup(store, as: StoreHandle.self) else {
      return TTT_ERR_INVALID_ARGUMENT
    }
    let session = handle.session
    guard let casePath else { return fail(session, .invalid("the case path is NULL")) }
    guard count >= 0, count <= 16, count == 0 || values != nil else {
      return fail(session, .invalid("\(count) arguments at \(String(describing: values))"))
    }
    guard let host = session.host, session.isAttached else { return fail(session, .detached) }
    var arguments: [CValue] = []
    for index in 0..<count {
      let value = values![index]
      switch ttt_type(rawValue: value.type) {
      case TTT_TYPE_STRING:
        guard let pointer = value.string else {
          return fail(session, .invalid("argument \(index + 1) is a NULL string"))
        }
        switch ActionImport.string(pointer) {
        case .success(let string): arguments.append(.string(string))
        case .failure(let error): return fail(session, error)
        }
      case TTT_TYPE_INT32: arguments.append(.int32(value.int32))
      case TTT_TYPE_BOOL: arguments.append(.bool(value.boolean))
      default:
        return fail(session, .invalid("argument \(index + 1) has unknown type \(value.type)"))
      }
    }
    let path: String
    switch ActionImport.string(casePath) {
    case .success(let string): path = string
    case .failure(let error): return fail(session, error)
    }
    switch ActionImport.action(
      casePath: path, arguments: arguments, through: handle.feature, catalog: host.actions)
    {
    case .failure(let error): return fail(session, error)
    case .success(let decoded): return deliver(decoded.action, decoded.entry, from: session)
    }
  }

  private static func makeSender(
    _ store: OpaquePointer?, _ casePath: UnsafePointer<CChar>?
  ) -> UnsafeMutableRawPointer? {
    guard let (handle, host) = storeThreadHandle(store, routine: "make_sender") else { return nil }
    let session = handle.session
    guard let casePath else {
      _ = fail(session, .invalid("the case path is NULL"))
      return nil
    }
    let path = String(cString: casePath)
    let entry: ActionCatalog.Entry? = MainActor.assumeIsolated {
      host.actions.entry(casePath: path)
    }
    guard let entry else {
      _ = fail(session, .unknown("unknown action '\(path)'"))
      return nil
    }
    let feature = handle.feature
    let signature = CSignature(returns: .uint32, arguments: entry.arguments.map(\.type))
    do {
      let closure = try TypedClosure(signature: signature) { arguments in
        guard let host = session.host, session.isAttached else {
          return .uint32(fail(session, .detached).rawValue)
        }
        switch ActionImport.action(
          casePath: path, arguments: arguments, through: feature, catalog: host.actions)
        {
        case .failure(let error): return .uint32(fail(session, error).rawValue)
        case .success(let decoded):
          return .uint32(deliver(decoded.action, decoded.entry, from: session).rawValue)
        }
      }
      SenderStore.keep(closure)
      return UnsafeMutableRawPointer(mutating: closure.functionPointer)
    } catch {
      _ = fail(session, .invalid(error.description))
      return nil
    }
  }

  private static func editText(
    _ store: OpaquePointer?, _ field: UInt32, _ edit: UInt32, _ text: UnsafePointer<CChar>?
  ) -> ttt_status {
    guard let handle = HandleRegistry.lookup(store, as: StoreHandle.self) else {
      return TTT_ERR_INVALID_ARGUMENT
    }
    let session = handle.session
    guard session.host != nil, session.isAttached else { return fail(session, .detached) }
    var appended: String?
    if let text {
      switch ActionImport.string(text) {
      case .success(let string): appended = string
      case .failure(let error): return fail(session, error)
      }
    }
    let feature = handle.feature
    let apply: @MainActor @Sendable () -> ttt_status = {
      guard let host = session.host, session.isAttached else { return fail(session, .detached) }
      let current: (tag: ttt_action_tag, value: String)
      switch TextEdit.current(field, in: host.store.state) {
      case .failure(let error): return fail(session, error)
      case .success(let value): current = value
      }
      let newValue: String
      switch TextEdit.apply(edit, text: appended, to: current.value) {
      case .failure(let error): return fail(session, error)
      case .success(let value): newValue = value
      }
      guard let entry = host.actions.entry(tag: current.tag.rawValue) else {
        return fail(session, .unknown("no action sets field \(field)"))
      }
      switch ActionImport.action(
        casePath: entry.casePath, arguments: [.string(newValue)], through: feature,
        catalog: host.actions)
      {
      case .failure(let error): return fail(session, error)
      case .success(let decoded):
        return host.bridge.send(decoded.action, entry: decoded.entry, from: session)
      }
    }
    if isStoreThread() { return MainActor.assumeIsolated { apply() } }
    StoreThreadQueue.shared.enqueue {
      if apply() != TTT_OK {
        session.host?.log(
          from: session, level: TTT_LOG_WARNING.rawValue,
          message: "edit_text from another thread failed: " + session.lastErrorMessage)
      }
    }
    return TTT_OK
  }

  /// Sends a decoded action: at once on the store thread, else queued to it (``StoreThreadQueue``;
  /// the status then only covers what could be checked without the state, and a later refusal
  /// is logged).
  private static func deliver(
    _ action: TicTacToe.Action, _ entry: ActionCatalog.Entry, from session: FrontEndSession
  ) -> ttt_status {
    if isStoreThread() {
      return MainActor.assumeIsolated {
        guard let host = session.host, session.isAttached else { return fail(session, .detached) }
        return host.bridge.send(action, entry: entry, from: session)
      }
    }
    StoreThreadQueue.shared.enqueue {
      guard let host = session.host, session.isAttached else {
        session.host?.log(
          from: session, level: TTT_LOG_WARNING.rawValue,
          message: "an action sent from another thread was dropped: the front end was detached "
            + "before the store thread got to it")
        return
      }
      if host.bridge.send(action, entry: entry, from: session) != TTT_OK {
        host.log(
          from: session, level: TTT_LOG_WARNING.rawValue,
          message: "an action sent from another thread was rejected: " + session.lastErrorMessage)
      }
    }
    return TTT_OK
  }

  private static func copyAction(_ pointer: UnsafePointer<ttt_action>?) -> ttt_action? {
    guard let pointer else { return nil }
    let size = Int(UnsafeRawPointer(pointer).load(as: UInt32.self))
    guard size >= 2 * MemoryLayout<UInt32>.size else { return nil }
    // Only fields that lie entirely within `struct_size`: a size ending inside `text` must not
    // leave half a pointer behind.
    let fieldEnds = [\ttt_action.column, \ttt_action.row].map {
      MemoryLayout<ttt_action>.offset(of: $0)! + MemoryLayout<Int32>.size
    }
    let textEnd =
      MemoryLayout<ttt_action>.offset(of: \ttt_action.text)!
      + MemoryLayout<UnsafePointer<CChar>?>.size
    let count = (fieldEnds + [textEnd]).first { $0 <= size } ?? 2 * MemoryLayout<UInt32>.size
    var action = ttt_action()
    withUnsafeMutableBytes(of: &action) { bytes in
      bytes.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: count))
    }
    return action
  }

  // MARK: Reflection

  private static func actionCount(_ hostPointer: OpaquePointer?) -> Int {
    guard let session = HandleRegistry.lookup(hostPointer, as: FrontEndSession.self),
      let host = session.host
    else { return 0 }
    return host.catalog.withLock { $0.table.actionCount }
  }

  private static func actionAt(_ hostPointer: OpaquePointer?, _ index: Int) -> UnsafePointer<
    ttt_action_info
  >? {
    guard let session = HandleRegistry.lookup(hostPointer, as: FrontEndSession.self),
      let host = session.host
    else { return nil }
    return host.catalog.withLock { $0.table.action(at: index) }
  }

  private static func fieldCount(_ hostPointer: OpaquePointer?) -> Int {
    HandleRegistry.lookup(hostPointer, as: FrontEndSession.self) == nil
      ? 0 : ReflectionTable.fields.count
  }

  private static func fieldAt(_ hostPointer: OpaquePointer?, _ index: Int) -> UnsafePointer<
    ttt_field_info
  >? {
    guard HandleRegistry.lookup(hostPointer, as: FrontEndSession.self) != nil, index >= 0,
      index < ReflectionTable.fields.count
    else { return nil }
    return ReflectionTable.fields.pointer + index
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
      host.bridge.subscribe(handle, callback: callback, context: context)
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
      host.bridge.observeActions(session, callback: callback, context: context)
    }
  }

  private static func unsubscribe(_ hostPointer: OpaquePointer?, _ id: UInt64) {
    guard let (session, host) = storeThreadSession(hostPointer, routine: "unsubscribe") else {
      return
    }
    MainActor.assumeIsolated { host.bridge.unsubscribe(id, of: session) }
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
      return refusal(HandleRegistry.lookup(hostPointer, as: FrontEndSession.self))
    }
    let argument = argument.map { String(cString: $0) } ?? ""
    return MainActor.assumeIsolated {
      do throws(HostCallError) {
        try host.enqueueRequest(kind, argument: argument, from: session)
        return TTT_OK
      } catch {
        return fail(session, error)
      }
    }
  }

  // MARK: Output

  private static func openOutput(
    _ hostPointer: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ flags: UInt32
  ) -> OpaquePointer? {
    guard let (session, host) = storeThreadSession(hostPointer, routine: "open_output") else {
      return nil
    }
    var text: String?
    if let path {
      switch ActionImport.string(path) {
      case .success(let string) where !string.isEmpty: text = string
      case .success: return failNil(session, .invalid("the output path is empty"))
      case .failure(let error): return failNil(session, error)
      }
    }
    let append = flags & UInt32(TTT_OUTPUT_APPEND) != 0
    let output: SessionOutput? = MainActor.assumeIsolated {
      do throws(HostCallError) {
        return try host.openOutput(for: session, path: text, append: append)
      } catch {
        session.setLastError(error.message)
        return nil
      }
    }
    return output?.pointer
  }

  private static func write(
    _ outputPointer: OpaquePointer?, _ bytes: UnsafeRawPointer?, _ length: Int
  ) -> ttt_status {
    guard let output = HandleRegistry.lookup(outputPointer, as: SessionOutput.self) else {
      return TTT_ERR_INVALID_ARGUMENT
    }
    let session = output.session
    guard isStoreThread() else {
      session.setLastError("write must be called on the store thread")
      return TTT_ERR_INVALID_ARGUMENT
    }
    guard session.isAttached else { return fail(session, .detached) }
    guard length == 0 || bytes != nil else { return fail(session, .invalid("the bytes are NULL")) }
    nonisolated(unsafe) let bytes = bytes
    return MainActor.assumeIsolated {
      let sink = output.sink
      guard length == 0 || sink.write(UnsafeRawBufferPointer(start: bytes, count: length)) else {
        return fail(
          session,
          HostCallError(
            status: TTT_ERR_OUTPUT_FAILED,
            message: "cannot write \(sink.name): \(sink.failure?.description ?? "closed")"))
      }
      return TTT_OK
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

  /// The status of a call the helpers above refused: `TTT_ERR_DETACHED` on the store thread for
  /// a detached front end, else (another thread, an unknown handle) `TTT_ERR_INVALID_ARGUMENT`.
  private static func refusal(_ session: FrontEndSession?) -> ttt_status {
    guard let session, isStoreThread(), !session.isAttached else {
      return TTT_ERR_INVALID_ARGUMENT
    }
    return TTT_ERR_DETACHED
  }

  private static func failNil(_ session: FrontEndSession, _ error: HostCallError) -> OpaquePointer?
  {
    session.setLastError(error.message)
    return nil
  }

  static func fail(_ session: FrontEndSession, _ error: HostCallError) -> ttt_status {
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
