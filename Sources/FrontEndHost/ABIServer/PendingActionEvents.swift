#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Action events that happened while a front end's callback ran, kept until the outermost call
/// into a front end has returned: the host never calls a front end back from inside one of its
/// calls (``StoreBridge``).
///
/// The payloads are copied into one buffer, reused from one call to the next, so that keeping
/// an event allocates nothing once the buffers have grown.
struct PendingActionEvents {
  /// One processed action, as its event will tell it.
  struct Event {
    let casePath: String
    let fromEffect: Bool
    let error: String?
    /// Where its payload lies in the buffer, with its terminating NUL; `nil` when unknown.
    let payload: Range<Int>?
    /// The first id an observer registered after the action has: such an observer is not told.
    let firstLaterID: UInt64
  }

  /// The events, oldest first.
  private(set) var events: [Event] = []
  private var payloads: [CChar] = []

  /// Whether no event waits.
  var isEmpty: Bool { events.isEmpty }

  /// Keeps an event; `payload` (a C string, or `nil`) is copied.
  mutating func append(
    casePath: String, fromEffect: Bool, error: String?, payload: UnsafePointer<CChar>?,
    firstLaterID: UInt64
  ) {
    var range: Range<Int>?
    if let payload {
      let start = payloads.count
      payloads.append(
        contentsOf: UnsafeBufferPointer(start: payload, count: strlen(payload) + 1))
      range = start..<payloads.count
    }
    events.append(
      Event(
        casePath: casePath, fromEffect: fromEffect, error: error, payload: range,
        firstLaterID: firstLaterID))
  }

  /// Calls `body` with `event`'s payload as a C string, valid during the call.
  func withPayload<R>(of event: Event, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let range = event.payload else { return body(nil) }
    return payloads.withUnsafeBufferPointer { body($0.baseAddress! + range.lowerBound) }
  }

  /// Forgets every event, keeping the buffers' room for the next ones.
  mutating func removeAll() {
    events.removeAll(keepingCapacity: true)
    payloads.removeAll(keepingCapacity: true)
  }
}
