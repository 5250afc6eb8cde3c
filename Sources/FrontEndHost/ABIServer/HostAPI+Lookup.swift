import TicTacToeAppSchema
import TicTacToeFrontEndABI

/// `find_action` (ABI 1.5), and what every routine that takes a case path says of one that
/// names no intent: a server response, which only the app's effects send (the schema's
/// ``AppSchema/responses``), or nothing at all.
extension HostAPI {
  /// `find_action`: the description of the intent at `casePath`, as `action_at` gives it, or
  /// why there is none.
  static func findAction(
    _ host: OpaquePointer?, _ casePath: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<UnsafePointer<ttt_action_info>?>?
  ) -> ttt_status {
    out?.pointee = nil
    let onStoreThread = isStoreThread()
    let session: AttachedFrontEnd
    switch HandleRegistry.find(host, as: AttachedFrontEnd.self, onStoreThread: onStoreThread) {
    case .live(let found): session = found
    case .retired: return TTT_ERR_DETACHED
    case .unknown: return TTT_ERR_INVALID_ARGUMENT
    }
    return check(
      session, "find_action", .anyThread, onStoreThread: onStoreThread, refused: \.status
    ) {
      host throws(HostCallError) in
      guard let casePath else { throw .invalid("the case path is NULL") }
      guard let out else { throw .invalid("the output pointer is NULL") }
      let path = try ActionImport.string(casePath)
      let info = host.catalog.read { catalog in
        catalog.actions.index(casePath: path).flatMap { catalog.table.action(at: $0) }
      }
      guard let info else { throw missingAction(path, for: session, host: host) }
      out.pointee = info
      return TTT_OK
    }
  }

  /// Why no intent is at `path`, which `session` named: for a front end built for ABI 1.5 or
  /// later, a server response is `TTT_ERR_EFFECT_ONLY`, naming the intent whose effect sends
  /// it; anything else, and everything for an older front end, is `TTT_ERR_UNKNOWN`, as from a
  /// 1.4 host. The path is quoted redacted: the user may have typed the password there.
  static func missingAction(
    _ path: String, for session: AttachedFrontEnd, host: FrontEndHost
  ) -> HostCallError {
    let quoted = "'\(host.redacted(path))'"
    guard session.descriptor.abi_minor >= 5, let response = AppSchema.response(containing: path)
    else { return .unknown("unknown action \(quoted)") }
    return HostCallError(
      status: TTT_ERR_EFFECT_ONLY,
      message: "\(quoted) is a server response: only the effect of \(response.sentAfter) "
        + "sends it")
  }
}
