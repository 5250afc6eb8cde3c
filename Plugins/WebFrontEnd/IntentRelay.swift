import Synchronization
import WebRequestRules

/// The intents posted to the page's server (`POST /intent`) on their way to the store thread
/// and their answers on the way back.
///
/// An MHD thread checks a request, queues its intent and suspends the request; the store
/// thread sends the intent (there, the host says whether the screen takes it, and why not)
/// and resumes the request with the answer, which the MHD thread then writes: 204, or 409
/// with the host's reason.
final class IntentRelay: Sendable {
  /// A queued intent and the request waiting for its answer.
  struct Pending: Sendable {
    let intent: IntentRequest
    let connection: ConnectionHandle
    let request: RequestID
  }

  /// Names one request among those in flight (its context's address).
  typealias RequestID = UInt

  private struct Shared {
    var queue: [Pending] = []
    /// The answers not yet written: `nil` for an intent the host took, else why not.
    var answers: [RequestID: RequestRefusal?] = [:]
    var isStopped = false
  }

  private let shared = Mutex(Shared())

  /// Queues `intent` and suspends its request until the answer; false once stopped.
  /// [MHD thread, the request's callback]
  func queue(_ intent: IntentRequest, request: RequestID, on connection: ConnectionHandle) -> Bool {
    shared.withLock { shared in
      guard !shared.isStopped else { return false }
      shared.queue.append(Pending(intent: intent, connection: connection, request: request))
      connection.suspend()
      return true
    }
  }

  /// The queued intents, oldest first, taken out of the queue. [store thread]
  func take() -> [Pending] {
    shared.withLock { shared in
      defer { shared.queue = [] }
      return shared.queue
    }
  }

  /// Keeps the answer to `pending` and resumes its request. [store thread]
  func answer(_ pending: Pending, _ refusal: RequestRefusal?) {
    shared.withLock { shared in
      shared.answers[pending.request] = .some(refusal)
      pending.connection.resume()
    }
  }

  /// The answer to `request`, if the store thread gave it, taken out. [MHD thread]
  func takeAnswer(_ request: RequestID) -> RequestRefusal?? {
    shared.withLock { $0.answers.removeValue(forKey: request) }
  }

  /// Drops the answer to `request`, if one is left: MHD is done with the request. [MHD thread]
  func forget(_ request: RequestID) {
    _ = shared.withLock { $0.answers.removeValue(forKey: request) }
  }

  /// Answers every queued intent with `refusal` and takes no more: MHD stops next, and must
  /// find no request suspended. [store thread]
  func stop(_ refusal: RequestRefusal) {
    let left = shared.withLock { shared in
      shared.isStopped = true
      defer { shared.queue = [] }
      return shared.queue
    }
    for pending in left { answer(pending, refusal) }
  }
}
