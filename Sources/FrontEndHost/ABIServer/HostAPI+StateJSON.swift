import TicTacToeFrontEndABI

/// `read_state_json` (ABI 1.6): the whole state as the JSON-lines `state` object, encoded once
/// per revision for every front end (``StateJSONCache``).
extension HostAPI {
  static func readStateJSON(
    _ store: OpaquePointer?, _ out: UnsafeMutablePointer<ttt_state_json>?
  ) -> ttt_status {
    // Used synchronously on the store thread, during this call: nothing crosses threads.
    nonisolated(unsafe) let out = out
    return withStatusHeld(store, as: StoreHandle.self, "read_state_json", passing: out) {
      handle, host, out throws(HostCallError) in
      guard let out else { throw .invalid("the output struct is NULL") }
      guard handle.feature == .root else {
        throw .wrongFeature(
          "read_state_json reads the whole app, but the handle is scoped to "
            + "\(handle.feature.displayName)")
      }
      // This is the handle's next read: it lets go of the last entry first, so that the cache
      // may write the new object into it.
      handle.lastExport = nil
      let entry = host.bridge.stateJSON.entry(revision: host.revision) { host.store.state }
      // The bytes live as long as the entry: until this handle's next read.
      handle.lastExport = entry
      let bytes = entry.bytes
      var state = ttt_state_json()
      state.struct_size = UInt32(MemoryLayout<ttt_state_json>.size)
      state.screen = entry.header.screen.rawValue
      state.revision = entry.header.revision
      state.json = bytes.baseAddress!.assumingMemoryBound(to: CChar.self)
      state.length = bytes.count
      if let replay = host.replayProgress {
        state.is_replay = true
        state.is_replay_over = replay.isOver
        state.replay_step = UInt64(replay.step)
        state.replay_length = UInt64(replay.length)
      }
      try StateExport.copy(struct: state, to: UnsafeMutableRawPointer(out))
      return TTT_OK
    }
  }
}
