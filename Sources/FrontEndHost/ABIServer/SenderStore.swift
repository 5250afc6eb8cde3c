import DynamicCall
import HostIO

/// Keeps every typed sender handed out by `make_sender` alive for the life of the process, so a
/// front end can never call freed closure memory; a sender of a detached front end answers
/// `TTT_ERR_DETACHED`.
///
/// One sender per (handle, case path, signature): asking again returns the same function, so
/// a front end that makes its senders in every attach (or on every keystroke) does not make the
/// host grow.
enum SenderStore {
  private struct Key: Hashable {
    let handle: ObjectIdentifier
    let path: String
    let signature: CSignature
  }

  // The handles in the keys are kept too, so an identifier is never reused for another handle.
  private static let senders = Lock<[Key: (handle: StoreHandle, closure: TypedClosure)]>([:])

  /// The function of the sender for `path` through `handle`, made with `body` the first time.
  static func sender(
    for handle: StoreHandle, path: String, signature: CSignature,
    _ body: @escaping @Sendable ([CValue]) -> CValue
  ) throws(DynamicCallError) -> UnsafeRawPointer {
    let key = Key(handle: ObjectIdentifier(handle), path: path, signature: signature)
    if let kept = senders.withLock({ $0[key] }) { return kept.closure.functionPointer }
    let closure = try TypedClosure(signature: signature, handler: body)
    senders.withLock { $0[key] = (handle, closure) }
    return closure.functionPointer
  }
}
