import TicTacToeAppCore
import TicTacToeAppSchema
import TicTacToeFrontEndABI

/// The routines that hand out store handles and read through them: the root and scoped
/// handles, each feature's state struct, and the reflection tables of actions and fields.
extension HostAPI {

  static func root(_ host: OpaquePointer?) -> OpaquePointer? {
    // No attached check: handles are made and kept in store-thread state, and answer
    // TTT_ERR_DETACHED themselves; a detached front end's host gives a retired handle.
    switch HandleRegistry.find(host, as: AttachedFrontEnd.self) {
    case .live(let session):
      withOwnHandles(session, "root", otherwise: nil) { session in session.handle(.root).pointer }
    case .retired: HandleRegistry.retired
    case .unknown: nil
    }
  }

  static func scope(_ store: OpaquePointer?, _ feature: UInt32) -> OpaquePointer? {
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

  static func isActive(_ store: OpaquePointer?) -> Bool {
    with(store, as: StoreHandle.self, "is_active", otherwise: false) { handle, host in
      handle.feature.inactivity(in: host.store.state) == nil
    }
  }

  // MARK: State

  /// The root's struct, made straight into the caller's: it points to no strings, so it
  /// needs no export kept (and costs no allocation). The one made last is kept by value for
  /// the next front end to read the same revision and replay progress.
  static func readRoot(
    _ store: OpaquePointer?, _ out: UnsafeMutablePointer<ttt_root_state>?
  ) -> ttt_status {
    // Used synchronously on the store thread, during this call: nothing crosses threads.
    nonisolated(unsafe) let out = out
    return withStatusHeld(store, as: StoreHandle.self, "read_root", passing: out) {
      handle, host, out throws(HostCallError) in
      guard let out else { throw .invalid("the output struct is NULL") }
      // `HostAPI.check`, not `check`: an unqualified call captures the metatype, the body's
      // only capture, and gives it a context allocated on every read.
      try HostAPI.check(handle, reads: .root)
      let revision = host.revision
      let replay = host.replayProgress
      if let kept = host.bridge.exports.root(at: revision, replay: replay) {
        try StateExport.copy(struct: kept, to: UnsafeMutableRawPointer(out))
        return TTT_OK
      }
      let root = StateExport.root(host.store.state, revision: revision, replay: replay)
      host.bridge.exports.keep(root: root, replay: replay)
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

  /// A screen's struct, `feature`'s: its export (kept by ``ExportCache``, and by the handle
  /// until its next read) copied into the caller's struct at `out`. Not generic, and its
  /// arguments are plain data: a function among them (the export, say) would be reabstracted
  /// by a thunk whose context is allocated on every read.
  static func read(
    _ store: OpaquePointer?, _ out: UnsafeMutableRawPointer?, _ feature: HostFeature,
    _ routine: String
  ) -> ttt_status {
    // Used synchronously on the store thread, during this call: nothing crosses threads.
    nonisolated(unsafe) let arguments = (out: out, feature: feature)
    return withStatusHeld(store, as: StoreHandle.self, routine, passing: arguments) {
      handle, host, arguments throws(HostCallError) in
      let (out, feature) = arguments
      guard let out else { throw .invalid("the output struct is NULL") }
      // Qualified, as in `readRoot`: the body captures nothing.
      try HostAPI.check(handle, reads: feature)
      // Another front end read this screen since the last change: its export is current.
      let revision = host.revision
      if let kept = host.bridge.exports.kept(feature, at: revision) {
        handle.lastExport = kept
        try StateExport.copy(kept, to: out)
        return TTT_OK
      }
      let state = try feature.state(in: host.store.state)
      handle.lastExport = nil
      guard let entry = host.bridge.exports.export(state, of: feature, at: revision) else {
        throw .inactive("\(feature.displayName) is not shown")
      }
      handle.lastExport = entry
      try StateExport.copy(entry, to: out)
      return TTT_OK
    }
  }

  // MARK: Reflection

  static func actionCount(_ host: OpaquePointer?) -> Int {
    CallTally.countRoutine("action_count")
    guard let host = HandleRegistry.lookup(host, as: AttachedFrontEnd.self)?.host else { return 0 }
    return host.catalog.read { $0.table.actionCount }
  }

  static func actionAt(_ host: OpaquePointer?, _ index: Int) -> UnsafePointer<
    ttt_action_info
  >? {
    CallTally.countRoutine("action_at")
    guard let host = HandleRegistry.lookup(host, as: AttachedFrontEnd.self)?.host else {
      return nil
    }
    return host.catalog.read { $0.table.action(at: index) }
  }

  static func fieldCount(_ host: OpaquePointer?) -> Int {
    CallTally.countRoutine("field_count")
    return HandleRegistry.lookup(host, as: AttachedFrontEnd.self) == nil
      ? 0 : ReflectionTable.fields.count
  }

  static func fieldAt(_ host: OpaquePointer?, _ index: Int) -> UnsafePointer<
    ttt_field_info
  >? {
    CallTally.countRoutine("field_at")
    guard HandleRegistry.lookup(host, as: AttachedFrontEnd.self) != nil, index >= 0,
      index < ReflectionTable.fields.count
    else { return nil }
    return ReflectionTable.fields.pointer + index
  }
}
