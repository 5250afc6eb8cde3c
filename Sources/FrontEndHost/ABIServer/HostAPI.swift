import Dispatch
import DynamicCall
import TicTacToeAppCore
import TicTacToeAppSchema
import TicTacToeFrontEndABI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The table of host routines (`ttt_host_api`) handed to every front end.
///
/// Every routine goes through one wrapper (`with(_:as:_:otherwise:_:)` and its forms in
/// `HostAPI+Checks.swift`): it looks the pointer up in ``HandleRegistry``, checks the thread
/// rule the header gives the routine and that the front end is still attached, and turns a
/// thrown ``HostCallError`` into the routine's status and `last_error`.
/// The routines themselves only say what they do.
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
        read_login: {
          HostAPI.read($0, $1, .login, "read_login") { state, strings in
            guard case .login(let login) = state else { return nil }
            return StateExport.login(login, strings)
          }
        },
        read_two_factor: {
          HostAPI.read($0, $1, .twoFactor, "read_two_factor") { state, strings in
            guard case .twoFactor(let twoFactor) = state else { return nil }
            return StateExport.twoFactor(twoFactor, strings)
          }
        },
        read_new_game: {
          HostAPI.read($0, $1, .newGame, "read_new_game") { state, strings in
            guard case .newGame(let newGame) = state else { return nil }
            return StateExport.newGame(newGame, strings)
          }
        },
        read_game: {
          HostAPI.read($0, $1, .game, "read_game") { state, strings in
            guard case .game(let game) = state else { return nil }
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
        write: { HostAPI.write($0, $1, $2) },
        redact: { HostAPI.redact($0, $1, $2, $3) },
        make_typed_sender: { HostAPI.makeTypedSender($0, $1, $2) },
        send_values: { HostAPI.sendValues($0, $1, $2, $3, $4) },
        keep_note: { HostAPI.keepNote($0, $1, $2) },
        note: { HostAPI.note($0, $1) },
        run_on_store_thread: { HostAPI.runOnStoreThread($0, $1, $2) }
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

  // MARK: Handles

  private static func root(_ host: OpaquePointer?) -> OpaquePointer? {
    // No attached check: handles are made and kept in store-thread state, and answer
    // TTT_ERR_DETACHED themselves; a detached front end's host gives a retired handle.
    switch HandleRegistry.find(host, as: AttachedFrontEnd.self) {
    case .live(let session):
      withOwnHandles(session, "root", otherwise: nil) { session in session.handle(.root).pointer }
    case .retired: HandleRegistry.retired
    case .unknown: nil
    }
  }

  private static func scope(_ store: OpaquePointer?, _ feature: UInt32) -> OpaquePointer? {
    switch HandleRegistry.find(store, as: StoreHandle.self) {
    case .live(let handle):
      withOwnHandles(handle.session, "scope", otherwise: nil) { session throws(HostCallError) in
        guard let feature = HostFeature(rawValue: feature) else {
          throw .invalid("unknown feature \(feature)")
        }
        return session.handle(feature).pointer
      }
    case .retired: HostFeature(rawValue: feature) == nil ? nil : HandleRegistry.retired
    case .unknown: nil
    }
  }

  private static func isActive(_ store: OpaquePointer?) -> Bool {
    with(store, as: StoreHandle.self, "is_active", otherwise: false) { handle, host in
      handle.feature.inactivity(in: host.store.state) == nil
    }
  }

  // MARK: State

  /// The root's struct, made straight into the caller's: it points to no strings, so it
  /// needs no export kept (and costs no allocation).
  private static func readRoot(
    _ store: OpaquePointer?, _ out: UnsafeMutablePointer<ttt_root_state>?
  ) -> ttt_status {
    // Used synchronously on the store thread, during this call: nothing crosses threads.
    nonisolated(unsafe) let out = out
    return withStatus(store, "read_root") { handle, host throws(HostCallError) in
      guard let out else { throw .invalid("the output struct is NULL") }
      try check(handle, reads: .root)
      let root = StateExport.root(
        host.store.state, revision: host.revision, replay: host.replayProgress)
      try StateExport.copy(struct: root, to: UnsafeMutableRawPointer(out))
      return TTT_OK
    }
  }

  /// Refuses a read of `feature`'s struct through a handle scoped to another feature.
  private static func check(_ handle: StoreHandle, reads feature: HostFeature)
    throws(HostCallError)
  {
    guard handle.feature == feature else {
      throw .wrongFeature(
        "this read is for \(feature.displayName), but the handle is scoped to "
          + "\(handle.feature.displayName)")
    }
  }

  private static func read<T>(
    _ store: OpaquePointer?, _ out: UnsafeMutablePointer<T>?, _ feature: HostFeature,
    _ routine: String, _ export: @MainActor (FeatureState, FieldStorage) -> T?
  ) -> ttt_status {
    // Used synchronously on the store thread, during this call: nothing crosses threads.
    nonisolated(unsafe) let out = out
    return withStatus(store, routine) { handle, host throws(HostCallError) in
      guard let out else { throw .invalid("the output struct is NULL") }
      try check(handle, reads: feature)
      let state = try feature.state(in: host.store.state)
      handle.lastExport = nil
      guard let entry = host.bridge.exports.export(feature, state, export) else {
        throw .inactive("\(feature.displayName) is not shown")
      }
      handle.lastExport = entry
      try StateExport.copy(entry.bytes, to: UnsafeMutableRawPointer(out))
      return TTT_OK
    }
  }

  // MARK: Actions

  private static func send(_ store: OpaquePointer?, _ action: UnsafePointer<ttt_action>?)
    -> ttt_status
  {
    withStatusOnAnyThread(store, "send") { handle, host throws(HostCallError) in
      guard let action = copyAction(action) else {
        throw .invalid("the action is NULL or its struct_size is too small")
      }
      let decoded = try ActionImport.action(
        from: action, through: handle.feature, catalog: host.actions)
      return deliver(decoded, from: handle.session, host: host)
    }
  }

  private static func sendPath(
    _ store: OpaquePointer?, _ casePath: UnsafePointer<CChar>?, _ values: UnsafePointer<ttt_value>?,
    _ count: Int
  ) -> ttt_status {
    sendValues(store, casePath, values, count, MemoryLayout<ttt_value>.stride, "send_path")
  }

  /// `send_values`, and `send_path` with the 1.1 element size: reads each element's fields
  /// that lie within `valueSize`.
  private static func sendValues(
    _ store: OpaquePointer?, _ casePath: UnsafePointer<CChar>?, _ values: UnsafeRawPointer?,
    _ count: Int, _ valueSize: Int, _ routine: String = "send_values"
  ) -> ttt_status {
    withStatusOnAnyThread(store, routine) { handle, host throws(HostCallError) in
      guard let casePath else { throw .invalid("the case path is NULL") }
      guard count >= 0, count <= 16, count == 0 || values != nil else {
        throw .invalid("\(count) arguments at \(String(describing: values))")
      }
      guard valueSize >= MemoryLayout<ttt_value>.size, valueSize <= 4096 else {
        throw .invalid(
          "value_size is \(valueSize); a ttt_value is at least \(MemoryLayout<ttt_value>.size) "
            + "bytes")
      }
      var arguments: [CValue] = []
      arguments.reserveCapacity(count)
      for index in 0..<count {
        var value = ttt_value()
        withUnsafeMutableBytes(of: &value) { bytes in
          bytes.copyMemory(
            from: UnsafeRawBufferPointer(
              start: values! + index * valueSize, count: MemoryLayout<ttt_value>.size))
        }
        switch ttt_type(rawValue: value.type) {
        case TTT_TYPE_STRING:
          guard let pointer = value.string else {
            throw .invalid("argument \(index + 1) is a NULL string")
          }
          arguments.append(.string(try ActionImport.string(pointer)))
        case TTT_TYPE_INT32: arguments.append(.int32(value.int32))
        case TTT_TYPE_BOOL: arguments.append(.bool(value.boolean))
        default: throw .invalid("argument \(index + 1) has unknown type \(value.type)")
        }
      }
      let path = try ActionImport.string(casePath)
      let catalog = host.actions
      guard let entry = catalog.entry(casePath: path) else {
        throw .unknown("unknown action '\(host.redacted(path))'")
      }
      let decoded = try ActionImport.action(
        entry, arguments: arguments, through: handle.feature, catalog: catalog)
      return deliver(decoded, from: handle.session, host: host)
    }
  }

  private static func makeSender(
    _ store: OpaquePointer?, _ casePath: UnsafePointer<CChar>?
  ) -> UnsafeMutableRawPointer? {
    // Used synchronously on the store thread, during this call: nothing crosses threads.
    nonisolated(unsafe) let casePath = casePath
    return with(store, as: StoreHandle.self, "make_sender", otherwise: nil) {
      handle, host throws(HostCallError) in
      UnsafeMutableRawPointer(mutating: try sender(for: casePath, through: handle, host: host))
    }
  }

  private static func makeTypedSender(
    _ store: OpaquePointer?, _ casePath: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<ttt_sender?>?
  ) -> ttt_status {
    // Used synchronously on the store thread, during this call: nothing crosses threads.
    nonisolated(unsafe) let (casePath, out) = (casePath, out)
    return withStatus(store, "make_typed_sender") { handle, host throws(HostCallError) in
      guard let out else { throw .invalid("the output pointer is NULL") }
      let function = try sender(for: casePath, through: handle, host: host)
      out.pointee = unsafeBitCast(function, to: ttt_sender.self)
      return TTT_OK
    }
  }

  /// The typed sender of the intent at `casePath` through `handle`: made on first use and
  /// kept by ``SenderStore``, which hands the same function out again for the same handle,
  /// path and signature.
  @MainActor
  private static func sender(
    for casePath: UnsafePointer<CChar>?, through handle: StoreHandle, host: FrontEndHost
  ) throws(HostCallError) -> UnsafeRawPointer {
    guard let casePath else { throw .invalid("the case path is NULL") }
    let path = try ActionImport.string(casePath)
    guard let entry = host.actions.entry(casePath: path) else {
      throw .unknown("unknown action '\(host.redacted(path))'")
    }
    let session = handle.session
    let feature = handle.feature
    let signature = CSignature(returns: .uint32, arguments: entry.arguments.map(\.type))
    do throws(DynamicCallError) {
      return try SenderStore.sender(for: handle, path: path, signature: signature) {
        arguments in
        CallTally.countRoutine("typed sender")
        return .uint32(
          attempt(session) { () throws(HostCallError) in
            guard let host = session.host, session.isAttached else { throw .detached }
            let decoded = try ActionImport.action(
              casePath: path, arguments: arguments, through: feature, catalog: host.actions)
            return deliver(decoded, from: session, host: host)
          })
      }
    } catch {
      throw .invalid(error.description)
    }
  }

  private static func editText(
    _ store: OpaquePointer?, _ field: UInt32, _ edit: UInt32, _ text: UnsafePointer<CChar>?
  ) -> ttt_status {
    withStatusOnAnyThread(store, "edit_text") { handle, _ throws(HostCallError) in
      let appended = try text.map { pointer throws(HostCallError) in
        try ActionImport.string(pointer)
      }
      let session = handle.session
      let feature = handle.feature
      let apply: @MainActor @Sendable (Bool) -> ttt_status = { isCallerWaiting in
        attempt(session) { () throws(HostCallError) in
          guard let host = session.host, session.isAttached else { throw .detached }
          let current = try TextEdit.current(field, in: host.store.state)
          let newValue = try TextEdit.apply(edit, text: appended, to: current.value)
          guard let entry = host.actions.entry(tag: current.tag.rawValue) else {
            throw .unknown("no action sets field \(field)")
          }
          let decoded = try ActionImport.action(
            casePath: entry.casePath, arguments: [.string(newValue)], through: feature,
            catalog: host.actions)
          return host.bridge.send(
            decoded.action, entry: decoded.entry, from: session, isCallerWaiting: isCallerWaiting)
        }
      }
      if isStoreThread() { return onMainActor { apply(true) } }
      StoreThreadQueue.shared.enqueue {
        if apply(false) != TTT_OK {
          session.host?.log(
            from: session, level: TTT_LOG_WARNING.rawValue,
            message: "edit_text from another thread failed: " + session.lastErrorMessage)
        }
      }
      return TTT_OK
    }
  }

  /// Sends a decoded action of `session`, which its caller found attached to `host`: at once on
  /// the store thread, else queued to it (``StoreThreadQueue``; the status then only covers
  /// what could be checked without the state, and a later refusal is logged).
  private static func deliver(
    _ decoded: ActionImport.Decoded, from session: AttachedFrontEnd, host: FrontEndHost
  ) -> ttt_status {
    let (entry, action) = decoded
    if isStoreThread() {
      // A closure that captures nothing: no context to allocate for every action.
      return onMainActor(
        { bridge, sent in
          bridge.send(sent.action, entry: sent.entry, from: sent.session, isCallerWaiting: true)
        },
        host.bridge, (action: action, entry: entry, session: session))
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

  private static func actionCount(_ host: OpaquePointer?) -> Int {
    CallTally.countRoutine("action_count")
    guard let host = HandleRegistry.lookup(host, as: AttachedFrontEnd.self)?.host else { return 0 }
    return host.catalog.read { $0.table.actionCount }
  }

  private static func actionAt(_ host: OpaquePointer?, _ index: Int) -> UnsafePointer<
    ttt_action_info
  >? {
    CallTally.countRoutine("action_at")
    guard let host = HandleRegistry.lookup(host, as: AttachedFrontEnd.self)?.host else {
      return nil
    }
    return host.catalog.read { $0.table.action(at: index) }
  }

  private static func fieldCount(_ host: OpaquePointer?) -> Int {
    CallTally.countRoutine("field_count")
    return HandleRegistry.lookup(host, as: AttachedFrontEnd.self) == nil
      ? 0 : ReflectionTable.fields.count
  }

  private static func fieldAt(_ host: OpaquePointer?, _ index: Int) -> UnsafePointer<
    ttt_field_info
  >? {
    CallTally.countRoutine("field_at")
    guard HandleRegistry.lookup(host, as: AttachedFrontEnd.self) != nil, index >= 0,
      index < ReflectionTable.fields.count
    else { return nil }
    return ReflectionTable.fields.pointer + index
  }

  // MARK: Observation

  private static func subscribe(
    _ store: OpaquePointer?, _ callback: ttt_change_callback?, _ context: UnsafeMutableRawPointer?
  ) -> UInt64 {
    // Kept by the subscription and handed back on the store thread only.
    nonisolated(unsafe) let context = context
    return with(store, as: StoreHandle.self, "subscribe", otherwise: 0) {
      handle, host throws(HostCallError) in
      guard let callback else { throw .invalid("the change callback is NULL") }
      return host.bridge.subscribe(handle, callback: callback, context: context)
    }
  }

  private static func observeActions(
    _ host: OpaquePointer?, _ callback: ttt_action_callback?, _ context: UnsafeMutableRawPointer?
  ) -> UInt64 {
    // Kept by the observer and handed back on the store thread only.
    nonisolated(unsafe) let context = context
    return with(host, as: AttachedFrontEnd.self, "observe_actions", otherwise: 0) {
      session, host throws(HostCallError) in
      guard let callback else { throw .invalid("the action callback is NULL") }
      return host.bridge.observeActions(session, callback: callback, context: context)
    }
  }

  private static func unsubscribe(_ host: OpaquePointer?, _ id: UInt64) {
    with(host, as: AttachedFrontEnd.self, "unsubscribe", otherwise: ()) { session, host in
      host.bridge.unsubscribe(id, of: session)
    }
  }

  // MARK: Errors, logs, requests

  private static func lastError(_ host: OpaquePointer?) -> UnsafePointer<CChar>? {
    CallTally.countRoutine("last_error")
    return switch HandleRegistry.find(host, as: AttachedFrontEnd.self) {
    case .live(let session): session.lastErrorPointer()
    case .retired: detachedMessage
    case .unknown: nil
    }
  }

  /// What `last_error` says through a retired handle: every call through one is refused as
  /// detached. Never freed.
  // Immutable once made.
  private nonisolated(unsafe) static let detachedMessage = UnsafePointer(
    strdup(HostCallError.detached.message)!)

  private static func log(
    _ host: OpaquePointer?, _ level: UInt32, _ message: UnsafePointer<CChar>?
  ) {
    CallTally.countRoutine("log")
    guard let session = HandleRegistry.lookup(host, as: AttachedFrontEnd.self), let message
    else { return }
    let text = String(
      decoding: UnsafeRawBufferPointer(start: message, count: strnlen(message, 4096))
        .bindMemory(to: UInt8.self), as: UTF8.self)
    if isStoreThread() {
      onMainActor { session.host?.log(from: session, level: level, message: text) }
    } else {
      StoreThreadQueue.shared.enqueue {
        session.host?.log(from: session, level: level, message: text)
      }
    }
  }

  private static func redact(
    _ host: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ buffer: UnsafeMutablePointer<CChar>?,
    _ size: Int
  ) -> Int {
    CallTally.countRoutine("redact")
    guard let session = HandleRegistry.lookup(host, as: AttachedFrontEnd.self),
      let host = session.host, let text
    else {
      if let buffer, size > 0 { buffer[0] = 0 }
      return 0
    }
    // The whole text, however long: a quote cut short would come back as another text.
    let length = strlen(text)
    let given = String(
      decoding: UnsafeRawBufferPointer(start: text, count: length).bindMemory(to: UInt8.self),
      as: UTF8.self)
    let redacted = Array(host.redacted(given).utf8)
    if let buffer, size > 0 {
      let count = min(redacted.count, size - 1)
      redacted.withUnsafeBytes { bytes in
        UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress!, byteCount: count)
      }
      buffer[count] = 0
    }
    return redacted.count
  }

  private static func request(
    _ host: OpaquePointer?, _ kind: UInt32, _ argument: UnsafePointer<CChar>?
  ) -> ttt_status {
    // Used synchronously on the store thread, during this call: nothing crosses threads.
    nonisolated(unsafe) let argument = argument
    return with(
      host, as: AttachedFrontEnd.self, "request", unknown: TTT_ERR_INVALID_ARGUMENT,
      refused: \.status
    ) {
      session, host throws(HostCallError) in
      try host.enqueueRequest(
        kind, argument: argument.map { String(cString: $0) } ?? "", from: session)
      return TTT_OK
    }
  }

  // MARK: Output

  private static func openOutput(
    _ host: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ flags: UInt32
  ) -> OpaquePointer? {
    // Used synchronously on the store thread, during this call: nothing crosses threads.
    nonisolated(unsafe) let path = path
    return with(host, as: AttachedFrontEnd.self, "open_output", otherwise: nil) {
      session, host throws(HostCallError) in
      let text = try path.map { pointer throws(HostCallError) in
        try ActionImport.string(pointer)
      }
      if text?.isEmpty == true { throw .invalid("the output path is empty") }
      let append = flags & UInt32(TTT_OUTPUT_APPEND) != 0
      return try host.openOutput(for: session, path: text, append: append).pointer
    }
  }

  private static func write(
    _ output: OpaquePointer?, _ bytes: UnsafeRawPointer?, _ length: Int
  ) -> ttt_status {
    // Used synchronously on the store thread, during this call: nothing crosses threads.
    nonisolated(unsafe) let bytes = bytes
    return with(
      output, as: FrontEndOutput.self, "write", unknown: TTT_ERR_INVALID_ARGUMENT,
      refused: \.status
    ) { output, _ throws(HostCallError) in
      guard length == 0 || bytes != nil else { throw .invalid("the bytes are NULL") }
      let sink = output.sink
      guard length == 0 || output.write(UnsafeRawBufferPointer(start: bytes, count: length))
      else {
        throw HostCallError(
          status: TTT_ERR_OUTPUT_FAILED,
          message: "cannot write \(sink.name): \(sink.failure?.description ?? "closed")")
      }
      return TTT_OK
    }
  }

  // MARK: Notes

  private static func keepNote(
    _ host: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?
  ) -> ttt_status {
    // Used synchronously on the store thread, during this call: nothing crosses threads.
    nonisolated(unsafe) let (key, value) = (key, value)
    return with(
      host, as: AttachedFrontEnd.self, "keep_note", unknown: TTT_ERR_INVALID_ARGUMENT,
      refused: \.status
    ) { session, host throws(HostCallError) in
      guard let key else { throw .invalid("the key is NULL") }
      let text = try value.map { pointer throws(HostCallError) in try ActionImport.string(pointer) }
      try host.notes.keep(text, under: try ActionImport.string(key), for: session.name)
      return TTT_OK
    }
  }

  private static func note(
    _ host: OpaquePointer?, _ key: UnsafePointer<CChar>?
  ) -> UnsafePointer<CChar>? {
    // Used synchronously on the store thread, during this call: nothing crosses threads.
    nonisolated(unsafe) let key = key
    return with(host, as: AttachedFrontEnd.self, "note", otherwise: nil) {
      session, host throws(HostCallError) in
      guard let key else { throw .invalid("the key is NULL") }
      let note = host.notes.note(under: try ActionImport.string(key), for: session.name)
      return session.exportedNotePointer(note)
    }
  }

  // MARK: Threads

  /// Queues `callback(context)` for the store thread (``StoreThreadQueue``, which wakes the
  /// host's loop); it runs only while the front end is attached and not detaching.
  private static func runOnStoreThread(
    _ host: OpaquePointer?, _ callback: ttt_task_callback?, _ context: UnsafeMutableRawPointer?
  ) -> ttt_status {
    let session: AttachedFrontEnd
    switch HandleRegistry.find(host, as: AttachedFrontEnd.self) {
    case .live(let found): session = found
    case .retired: return TTT_ERR_DETACHED
    case .unknown: return TTT_ERR_INVALID_ARGUMENT
    }
    guard let callback else {
      return fail(session, .invalid("the callback of run_on_store_thread is NULL"))
    }
    // Handed back to the front end on the store thread only, as the header says.
    nonisolated(unsafe) let context = context
    StoreThreadQueue.shared.enqueue {
      guard session.isAttached, !session.isDetaching else { return }
      session.deliveredCallbacks += 1
      callback(context)
    }
    return TTT_OK
  }

  /// Records `error` as `session`'s `last_error` and returns its status.
  static func fail(_ session: AttachedFrontEnd, _ error: HostCallError) -> ttt_status {
    session.setLastError(error.message)
    return error.status
  }
}

/// Whether the caller runs on the store thread: the main queue, where the main actor runs.
///
/// The main thread is asked first (``isMainThread()``, a thread-local load): while it lives,
/// only it serves the main queue. Otherwise the queue-specific data is asked, because the main
/// queue is not always served by the main thread (after `dispatchMain()`, which ends the main
/// thread, it runs on a worker thread).
func isStoreThread() -> Bool {
  isMainThread() || DispatchQueue.getSpecific(key: storeQueueKey) == true
}

/// Marks the main queue as the store thread.
func markStoreThread() { DispatchQueue.main.setSpecific(key: storeQueueKey, value: true) }

private let storeQueueKey = DispatchSpecificKey<Bool>()
