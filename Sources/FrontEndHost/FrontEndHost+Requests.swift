import TicTacToeFrontEndABI

/// What front ends ask of the host, checked when asked and carried out after the callback that
/// asked.
extension FrontEndHost {
  /// Queues a front end's request, carried out after the current callback returns.
  func enqueueRequest(
    _ kind: UInt32, argument: String, from session: FrontEndSession
  ) throws(HostCallError) {
    guard !session.isDetaching else {
      // It would be carried out after detach returns, by a front end that is gone.
      throw HostCallError(
        status: TTT_ERR_DETACHED, message: "requests made while detaching are refused")
    }
    let request = try HostRequest(kind: kind, argument: argument)
    switch request {
    case .switchTerminal(let target), .attach(let target):
      // Load it now, so that a front end that cannot be loaded is refused while the user is
      // still looking at the screen that asked.
      do {
        _ = try load(FrontEndSpec(target))
      } catch {
        throw .unknown(error.description)
      }
    default: break
    }
    if session.connection != nil, case .switchTerminal = request {
      throw .invalid(
        "a client of the host's socket cannot switch front ends; close the connection and "
          + "attach again")
    }
    switch request {
    // Hold input back from now on, not from when the request is carried out, so that no input
    // (or end of input) reaches a front end that is about to settle or go.
    case .settle, .switchTerminal: inputGate(of: session).hold()
    case .quit: inputGate(of: session).close()
    default: break
    }
    requests.append(request, from: session)
  }

  func perform(_ entry: RequestQueue.Entry) {
    switch entry.request {
    case .switchTerminal(let target):
      switchTerminal(from: entry.session, to: target)
      input.release()
    case .attach(let target): attachObserver(target, requestedBy: entry.session)
    case .detach(let name): detachByName(name, requestedBy: entry.session)
    case .quit where entry.session.connection != nil: closeConnection(of: entry.session)
    case .quit: quit(.requested(by: entry.session))
    case .settle: settle(for: entry.session)
    case .clientLeft: detach(entry.session)
    case .dropFailedOutput(let reason):
      say("tictactoe: detaching \(entry.session.name): \(reason)")
      detach(entry.session)
    }
  }

  func switchTerminal(from session: FrontEndSession, to target: String) {
    let spec = FrontEndSpec(target)
    // Check the new front end can be loaded before giving up the current one (the request was
    // checked when it was made; the library may have gone since).
    do {
      _ = try load(spec)
    } catch {
      log(from: session, level: TTT_LOG_ERROR.rawValue, message: error.description)
      return
    }
    let wasOwner = session.ownsTerminal
    detach(session)
    if case .failure(let error) = attach(spec, ownsTerminal: wasOwner) {
      diagnostics("tictactoe: \(error)")
      // Fall back to the front end that asked, so the user is never left without a screen.
      if case .failure(let error) = attach(session.spec, ownsTerminal: wasOwner) {
        diagnostics("tictactoe: \(error)")
        quit(.noFrontEnd)
      }
    }
  }

  func attachObserver(_ target: String, requestedBy session: FrontEndSession) {
    if case .failure(let error) = attach(FrontEndSpec(target), ownsTerminal: false) {
      log(from: session, level: TTT_LOG_ERROR.rawValue, message: error.description)
    }
  }

  func detachByName(_ name: String, requestedBy session: FrontEndSession) {
    guard let target = registry.observer(named: name) else {
      let reason =
        sessions.contains { $0.name == name }
        ? "'\(name)' owns the terminal; switch to another front end instead"
        : "no attached observer is named '\(name)'"
      log(from: session, level: TTT_LOG_ERROR.rawValue, message: "cannot detach: \(reason)")
      return
    }
    detach(target)
  }
}
