import TicTacToeFrontEndABI

/// The routines that register a front end's callbacks, which the host calls on the store
/// thread: change subscriptions, action observers, and tasks run on the store thread.
extension HostAPI {

  static func subscribe(
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

  static func observeActions(
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

  static func unsubscribe(_ host: OpaquePointer?, _ id: UInt64) {
    with(host, as: AttachedFrontEnd.self, "unsubscribe", otherwise: ()) { session, host in
      host.bridge.unsubscribe(id, of: session)
    }
  }

  // MARK: Store-thread tasks

  /// Queues `callback(context)` for the store thread (``StoreThreadQueue``, which wakes the
  /// host's loop); it runs only while the front end is attached and not detaching.
  static func runOnStoreThread(
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
}
