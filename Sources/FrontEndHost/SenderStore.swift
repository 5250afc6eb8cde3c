import DynamicCall
import HostIO

/// Keeps every typed sender handed out by `make_sender` alive for the life of the process, so a
/// front end can never call freed closure memory; a sender of a detached front end answers
/// `TTT_ERR_DETACHED`.
enum SenderStore {
  private static let senders = Lock<[TypedClosure]>([])

  /// Keeps `closure` for good.
  static func keep(_ closure: TypedClosure) { senders.withLock { $0.append(closure) } }
}
