import FrontEndKit
import WebRequestRules

/// Sends the intents the page posted, on the store thread, where the host answers each with
/// its full status: a refusal comes back to the page with the host's reason, as the `text`
/// and `ansi` front ends show it.
final class IntentRunner {
  private let host: HostConnection
  private let relay: IntentRelay

  init(host: HostConnection, relay: IntentRelay) {
    self.host = host
    self.relay = relay
  }

  /// The callback `run_on_store_thread` calls with the runner as its context.
  static let callback: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
    guard let context else { return }
    Unmanaged<IntentRunner>.fromOpaque(context).takeUnretainedValue().run()
  }

  /// Sends every queued intent, in order, and answers its request. [store thread]
  func run() {
    for pending in relay.take() {
      let error = host.send(
        casePath: pending.intent.casePath, arguments: pending.intent.arguments.map(\.argument))
      relay.answer(pending, error.map { RequestRefusal(status: 409, $0) })
    }
  }
}
