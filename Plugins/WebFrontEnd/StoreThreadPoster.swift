import TicTacToeFrontEndABI

/// Asks the host to run a callback on the store thread (ABI 1.3 `run_on_store_thread`), from
/// MHD's threads: the table, the handle and the context are the host's and the front end's for
/// as long as the server runs, and the host may be called from any thread for this.
struct StoreThreadPoster: @unchecked Sendable {
  // The host's table and handle, valid until detach, which stops MHD's threads first; the
  // context is the front end's, alive until then too.
  let api: UnsafePointer<ttt_host_api>
  let host: OpaquePointer
  let callback: ttt_task_callback
  let context: UnsafeMutableRawPointer

  /// Whether the host's table has `run_on_store_thread` (appended in ABI 1.3).
  static func isAvailable(in api: UnsafePointer<ttt_host_api>) -> Bool {
    let end =
      MemoryLayout<ttt_host_api>.offset(of: \.run_on_store_thread)!
      + MemoryLayout<ttt_task_callback?>.size
    return api.pointee.abi_minor >= 3 && Int(api.pointee.struct_size) >= end
  }

  /// Queues the callback; false once the front end is detached. [any thread]
  @discardableResult
  func post() -> Bool {
    api.pointee.run_on_store_thread!(host, callback, context) == TTT_OK
  }
}
