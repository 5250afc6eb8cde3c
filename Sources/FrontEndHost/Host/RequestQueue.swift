import HostIO
import TicTacToeFrontEndABI

/// What a front end can ask of the host (`ttt_request`), plus what the host asks of itself on
/// a front end's behalf.
enum HostRequest: Equatable {
  /// Give the terminal to the front end `spec` and detach the one that asked.
  case switchTerminal(to: String)
  /// Attach the front end `spec` as an observer.
  case attach(String)
  /// Detach the observer named `name`.
  case detach(name: String)
  /// Settle effects, detach everything, exit.
  case quit
  /// Hold input back until every effect in flight finished, then call `on_settled`.
  case settle
  /// Put the whole state back to its `revision`.
  case rewind(revision: UInt64)
  /// Put the game back to before its last move.
  case undo
  /// Detach the front end that asked, whose output failed (`reason` names it).
  case dropFailedOutput(reason: String)
  /// Detach the front end that asked, whose client of the host's socket went away (nothing to
  /// report).
  case clientLeft

  /// The request a front end made with `kind` and `argument`.
  init(kind: UInt32, argument: String) throws(HostCallError) {
    let kind = ttt_request(rawValue: kind)
    switch kind {
    case TTT_REQUEST_SWITCH, TTT_REQUEST_ATTACH, TTT_REQUEST_DETACH:
      guard !argument.isEmpty else {
        throw .invalid("this request needs an argument naming a front end")
      }
      self =
        kind == TTT_REQUEST_SWITCH
        ? .switchTerminal(to: argument)
        : kind == TTT_REQUEST_ATTACH ? .attach(argument) : .detach(name: argument)
    case TTT_REQUEST_QUIT: self = .quit
    case TTT_REQUEST_SETTLE: self = .settle
    case TTT_REQUEST_REWIND:
      guard let revision = UInt64(argument) else {
        throw .invalid("a rewind needs a revision, a decimal number, not '\(argument)'")
      }
      self = .rewind(revision: revision)
    case TTT_REQUEST_UNDO: self = .undo
    default:
      throw HostCallError(status: TTT_ERR_UNSUPPORTED, message: "unknown request \(kind.rawValue)")
    }
  }
}

/// The requests front ends made, carried out in order after the callback that made them
/// returns (never inside it, where the front end still runs).
@MainActor
final class RequestQueue {
  /// One queued request and the front end that made it.
  struct Entry {
    let request: HostRequest
    let session: AttachedFrontEnd
    /// The app's secrets when it was made, redacted too while it is carried out.
    var secrets: [String] = []
  }

  private var entries: [Entry] = []
  private var isDrainScheduled = false
  /// Carries out one request.
  var perform: (Entry) -> Void = { _ in }

  /// The requests waiting to be carried out, in order.
  var pending: [HostRequest] { entries.map(\.request) }

  /// Queues `request` from `session`; it runs once the current callback has returned.
  func append(_ request: HostRequest, from session: AttachedFrontEnd, secrets: [String] = []) {
    entries.append(Entry(request: request, session: session, secrets: secrets))
    guard !isDrainScheduled else { return }
    isDrainScheduled = true
    StoreThread.schedule {
      self.isDrainScheduled = false
      while !self.entries.isEmpty { self.perform(self.entries.removeFirst()) }
    }
  }

  /// Forgets the requests of `session` (a front end that is going away), except a switch,
  /// which is what takes it away; returns them.
  @discardableResult
  func drop(of session: AttachedFrontEnd) -> [HostRequest] {
    let dropped = entries.filter { $0.session === session && !$0.request.isSwitch }
    entries.removeAll { $0.session === session && !$0.request.isSwitch }
    return dropped.map(\.request)
  }

  /// Forgets every request of `session`, its switch too (its attach failed).
  func dropAll(of session: AttachedFrontEnd) {
    entries.removeAll { $0.session === session }
  }
}

extension HostRequest {
  fileprivate var isSwitch: Bool {
    if case .switchTerminal = self { true } else { false }
  }
}
