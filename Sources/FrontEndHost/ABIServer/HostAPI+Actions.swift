import DynamicCall
import TicTacToeAppCore
import TicTacToeFrontEndABI

/// The routines that send intents: a `ttt_action`, a case path with values, a typed sender,
/// a text edit. Each is decoded and checked here, then sent on the store thread.
extension HostAPI {

  static func send(_ store: OpaquePointer?, _ action: UnsafePointer<ttt_action>?)
    -> ttt_status
  {
    withStatusOnAnyThread(store, "send") { handle, host throws(HostCallError) in
      guard let action = copyAction(action) else {
        throw .invalid("the action is NULL or its struct_size is too small")
      }
      let decoded = try ActionImport.action(
        from: action, through: handle.feature, catalog: host.actions)
      return deliver(decoded.action, entry: decoded.entry, from: handle.session, host: host)
    }
  }

  static func sendPath(
    _ store: OpaquePointer?, _ casePath: UnsafePointer<CChar>?, _ values: UnsafePointer<ttt_value>?,
    _ count: Int
  ) -> ttt_status {
    sendValues(store, casePath, values, count, MemoryLayout<ttt_value>.stride, "send_path")
  }

  /// `send_values`, and `send_path` with the 1.1 element size: reads each element's fields
  /// that lie within `valueSize`.
  static func sendValues(
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
      // The values on the stack and the intent found by the path's bytes: the action's string
      // is the only copy a send makes.
      return try ActionImport.withArguments(values, count: count, valueSize: valueSize) {
        arguments throws(HostCallError) in
        let catalog = host.actions
        guard let entry = ActionImport.entry(casePath: casePath, in: catalog) else {
          // Decoded only to say why: too long, not UTF-8, or no such intent.
          let path = try ActionImport.string(casePath)
          throw missingAction(path, for: handle.session, host: host)
        }
        let action = try ActionImport.action(
          entry, arguments: arguments, through: handle.feature, catalog: catalog)
        return deliver(action, entry: entry, from: handle.session, host: host)
      }
    }
  }

  static func makeSender(
    _ store: OpaquePointer?, _ casePath: UnsafePointer<CChar>?
  ) -> UnsafeMutableRawPointer? {
    // Used synchronously on the store thread, during this call: nothing crosses threads.
    nonisolated(unsafe) let casePath = casePath
    return with(store, as: StoreHandle.self, "make_sender", otherwise: nil) {
      handle, host throws(HostCallError) in
      UnsafeMutableRawPointer(mutating: try sender(for: casePath, through: handle, host: host))
    }
  }

  static func makeTypedSender(
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
      throw missingAction(path, for: handle.session, host: host)
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
            return deliver(decoded.action, entry: decoded.entry, from: session, host: host)
          })
      }
    } catch {
      throw .invalid(error.description)
    }
  }

  static func editText(
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
    _ action: TicTacToe.Action, entry: ActionCatalog.Entry, from session: AttachedFrontEnd,
    host: FrontEndHost
  ) -> ttt_status {
    if isStoreThread() {
      // A closure that captures nothing: no context to allocate for every action; the action
      // passed as it is, and only the two references paired.
      return onMainActor(
        { bridge, action, sender in
          bridge.send(action, entry: sender.entry, from: sender.session, isCallerWaiting: true)
        },
        host.bridge, action, (entry: entry, session: session))
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
}
