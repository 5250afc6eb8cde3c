import TicTacToeFrontEndABI

/// What front ends ask of the host, checked when asked and carried out after the callback that
/// asked.
extension FrontEndHost {
  /// Queues a front end's request, carried out after the current callback returns.
  func enqueueRequest(
    _ kind: UInt32, argument: String, from session: AttachedFrontEnd
  ) throws(HostCallError) {
    guard !session.isDetaching else {
      // It would be carried out after detach returns, by a front end that is gone.
      throw HostCallError(
        status: TTT_ERR_DETACHED, message: "requests made while detaching are refused")
    }
    let request = try HostRequest(kind: kind, argument: argument)
    if remote != nil {
      switch request {
      case .rewind, .undo:
        throw .invalid("this is a client of a tictactoe --listen host, which keeps the history")
      default: break
      }
    }
    if session.connection != nil {
      switch request {
      case .switchTerminal:
        throw .invalid(
          "a client of the host's socket cannot switch front ends; close the connection and "
            + "attach again")
      case .rewind, .undo:
        // Taking back what everyone sees is for the person at the host's terminal.
        throw .invalid(
          "a client of the host's socket cannot rewind or undo; only the host's terminal can")
      default: break
      }
    }
    switch request {
    case .switchTerminal(let target), .attach(let target):
      // Load it now, so that a front end that cannot be loaded is refused while the user is
      // still looking at the screen that asked.
      do {
        _ = try load(FrontEndSpec(target))
      } catch {
        throw .unknown(describing(target, error.description))
      }
      if case .attach = request, let problem = observerProblem(FrontEndSpec(target)) {
        throw .invalid(describing(target, "cannot attach \(target): \(problem)"))
      }
    case .detach(let name):
      if let reason = whyCannotDetach(name) { throw .unknown(describing(name, reason)) }
    // A replay's state is the log's: going back is refused as an intent is.
    case .rewind where bridge.isReadOnly, .undo where bridge.isReadOnly:
      throw .inactive(StoreBridge.replayRefusal)
    case .rewind(let revision):
      if case .failure(let error) = history.target(revision: revision) { throw error }
    case .undo:
      if case .failure(let error) = history.beforeLastMove() { throw error }
    default: break
    }
    switch request {
    // Hold input back from now on, not from when the request is carried out, so that no input
    // (or end of input) reaches a front end that is about to settle or go.
    case .settle, .switchTerminal, .rewind, .undo: inputGate(of: session).hold()
    case .quit: inputGate(of: session).close()
    default: break
    }
    requests.append(request, from: session, secrets: bridge.redactor.current)
  }

  func perform(_ entry: RequestQueue.Entry) {
    bridge.redactor.holding(entry.secrets) { carryOut(entry) }
  }

  private func carryOut(_ entry: RequestQueue.Entry) {
    switch entry.request {
    case .switchTerminal(let target):
      switchTerminal(from: entry.session, to: target)
      input.release()
    case .attach(let target): attachObserver(target, requestedBy: entry.session)
    case .detach(let name): detachByName(name, requestedBy: entry.session)
    case .quit where entry.session.connection != nil: closeConnection(of: entry.session)
    case .quit: quit(.requested(by: entry.session))
    case .settle: settle(for: entry.session)
    case .rewind(let revision):
      report(rewind(toRevision: revision), for: entry.session)
      inputGate(of: entry.session).release()
    case .undo:
      report(undoMove(), for: entry.session)
      inputGate(of: entry.session).release()
    case .clientLeft: detach(entry.session)
    case .dropFailedOutput(let reason):
      say("tictactoe: detaching \(entry.session.name): \(reason)")
      detach(entry.session)
    }
  }

  /// Logs why a rewind asked for earlier cannot be carried out now (the history moved on).
  private func report(_ result: Result<Void, HostCallError>, for session: AttachedFrontEnd) {
    if case .failure(let error) = result {
      log(from: session, level: TTT_LOG_ERROR.rawValue, message: "cannot rewind: \(error.message)")
    }
  }

  func switchTerminal(from session: AttachedFrontEnd, to target: String) {
    let spec = FrontEndSpec(target)
    // Check the new front end can be loaded before giving up the current one (the request was
    // checked when it was made; the library may have gone since).
    do {
      _ = try load(spec)
    } catch {
      log(
        from: session, level: TTT_LOG_ERROR.rawValue,
        message: "cannot switch: " + describing(target, error.description))
      return
    }
    let wasOwner = session.ownsTerminal
    detach(session)
    if case .failure(let error) = attach(spec, ownsTerminal: wasOwner) {
      log(
        from: session, level: TTT_LOG_ERROR.rawValue,
        message: "cannot switch: " + describing(target, error.description))
      // Fall back to the front end that asked, so the user is never left without a screen.
      if case .failure(let error) = attach(session.spec, ownsTerminal: wasOwner) {
        diagnostics("tictactoe: \(error)")
        quit(.noFrontEnd)
      }
    }
  }

  func attachObserver(_ target: String, requestedBy session: AttachedFrontEnd) {
    if case .failure(let error) = attach(FrontEndSpec(target), ownsTerminal: false) {
      log(
        from: session, level: TTT_LOG_ERROR.rawValue,
        message: "cannot attach: " + describing(target, error.description))
    }
  }

  func detachByName(_ name: String, requestedBy session: AttachedFrontEnd) {
    switch observer(toDetach: name) {
    case .success(let target): detach(target)
    case .failure(let refusal):
      log(
        from: session, level: TTT_LOG_ERROR.rawValue,
        message: "cannot detach: " + describing(name, refusal.description))
    }
  }

  /// Why a request to detach the front end `name` cannot be carried out, or `nil`: one attached
  /// observer has that name (or spec), or an attach request already queued will attach one.
  private func whyCannotDetach(_ name: String) -> String? {
    guard case .failure(let refusal) = observer(toDetach: name) else { return nil }
    guard case .notAttached = refusal else { return refusal.description }
    let queued = requests.pending.contains { request in
      guard case .attach(let target) = request else { return false }
      return target == name || (try? load(FrontEndSpec(target)))?.name == name
    }
    return queued ? nil : refusal.description
  }
}
