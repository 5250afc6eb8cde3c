/// The attached front ends, in attach order, and which one owns the terminal.
@MainActor
final class SessionRegistry {
  /// The attached front ends, in attach order.
  private(set) var sessions: [FrontEndSession] = [] {
    didSet {
      let owner = terminalOwner
      if oldValue.first(where: \.ownsTerminal) !== owner { onTerminalOwnerChange(owner) }
    }
  }

  /// Called with the new terminal owner (or `nil`) whenever it changes.
  var onTerminalOwnerChange: (FrontEndSession?) -> Void = { _ in }

  /// The front end that owns the terminal, if any.
  var terminalOwner: FrontEndSession? { sessions.first { $0.ownsTerminal } }

  /// Adds `session` as attached (before its attach callback runs, so it can call the host).
  func add(_ session: FrontEndSession) {
    session.isAttached = true
    sessions.append(session)
  }

  /// Removes `session`; its handles stop working.
  func remove(_ session: FrontEndSession) {
    session.isAttached = false
    sessions.removeAll { $0 === session }
  }
}
