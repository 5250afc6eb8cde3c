/// A settle forwarded to the host: answered once, by the host's `history` event or by the
/// client's own timeout, whichever comes first (the other is then ignored).
@MainActor
final class PendingSettle {
  /// Whether the host's answer was an `error` event: its own settle timed out.
  var hostTimedOut = false
  /// Cancels the client's timeout: the answer came first.
  var cancelTimer: () -> Void = {}
  private var resume: ((Bool) -> Void)?

  init(resume: @escaping (Bool) -> Void) { self.resume = resume }

  /// Answers the settle, once.
  func finish(timedOut: Bool) {
    cancelTimer()
    guard let resume else { return }
    self.resume = nil
    resume(timedOut)
  }
}
