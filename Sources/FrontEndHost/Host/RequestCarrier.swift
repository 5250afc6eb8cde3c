import TicTacToeFrontEndABI

/// What front ends ask of the host (`ttt_host_api.request`): checked when asked, queued in a
/// ``RequestQueue``, and carried out after the callback that asked has returned.
///
/// Owns the queue, and holds back the asker's input from the moment it asks. It carries the
/// requests out through the parts of the host passed in: the ``FrontEndAttacher`` (the host)
/// to load, attach and detach, the ``QuitCoordinator`` to settle and quit, the
/// ``SessionRecording`` to rewind, and `closeConnection` for a client's quit.
@MainActor
final class RequestCarrier {
  /// The host, which loads, attaches and detaches front ends.
  weak var attacher: (any FrontEndAttacher)?
  /// Lets the client of `session` go (its quit): see ``ConnectionServer/closeConnection(of:)``.
  var closeConnection: (_ session: AttachedFrontEnd) -> Void = { _ in }
  private let queue = RequestQueue()
  private let registry: AttachmentRegistry
  private let bridge: StoreBridge
  private let input: InputGate
  private let terminal: HostTerminal
  private let quitting: QuitCoordinator
  private let recording: SessionRecording

  /// Carries out the requests of the front ends in `registry`, holding back `input` (the
  /// host's own) or their client's.
  init(
    registry: AttachmentRegistry, bridge: StoreBridge, input: InputGate,
    terminal: HostTerminal, quitting: QuitCoordinator, recording: SessionRecording
  ) {
    self.registry = registry
    self.bridge = bridge
    self.input = input
    self.terminal = terminal
    self.quitting = quitting
    self.recording = recording
    // Weak: the store thread's job that carries the requests out holds the queue, and may run
    // after the host (and this carrier) are gone; their requests go with them.
    queue.perform = { [weak self] entry in
      guard let self else { return }
      bridge.redactor.holding(entry.secrets) { carryOut(entry) }
    }
  }

  /// The checks on observers, against the attached front ends.
  var observers: ObserverCheck {
    ObserverCheck(registry: registry) { [weak self] spec in try? self?.attacher?.load(spec) }
  }

  /// Where `session`'s input comes from: its client, or the host's own input.
  func inputGate(of session: AttachedFrontEnd) -> InputGate {
    session.connection?.gate ?? input
  }

  /// Queues `request`, which the host makes on `session`'s behalf (its output failed, its
  /// client left), without the checks a front end's own request goes through.
  func append(_ request: HostRequest, from session: AttachedFrontEnd) {
    queue.append(request, from: session)
  }

  /// Queues a front end's request, carried out after the current callback returns.
  func enqueue(
    _ kind: UInt32, argument: String, from session: AttachedFrontEnd
  ) throws(HostCallError) {
    guard !session.isDetaching else {
      // It would be carried out after detach returns, by a front end that is gone.
      throw HostCallError(
        status: TTT_ERR_DETACHED, message: "requests made while detaching are refused")
    }
    let request = try HostRequest(kind: kind, argument: argument)
    try check(request, from: session)
    switch request {
    // Hold input back from now on, not from when the request is carried out, so that no input
    // (or end of input) reaches a front end that is about to settle or go.
    case .settle, .switchTerminal, .rewind, .undo: inputGate(of: session).hold()
    case .quit: inputGate(of: session).close()
    default: break
    }
    queue.append(request, from: session, secrets: bridge.redactor.current)
  }

  /// Refuses `request` of `session` if it cannot be carried out, saying why.
  private func check(_ request: HostRequest, from session: AttachedFrontEnd) throws(HostCallError) {
    if quitting.remote != nil {
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
    let redactor = bridge.redactor
    switch request {
    case .switchTerminal(let target), .attach(let target):
      // Load it now, so that a front end that cannot be loaded is refused while the user is
      // still looking at the screen that asked.
      do {
        _ = try attacher?.load(FrontEndSpec(target))
      } catch {
        throw .unknown(redactor.describing(target, error.description))
      }
      if case .attach = request, let problem = observers.problem(FrontEndSpec(target), planned: [])
      {
        throw .invalid(redactor.describing(target, "cannot attach \(target): \(problem)"))
      }
    case .detach(let name):
      if let reason = whyCannotDetach(name) { throw .unknown(redactor.describing(name, reason)) }
    // A replay's state is the log's: going back is refused as an intent is.
    case .rewind where bridge.isReadOnly, .undo where bridge.isReadOnly:
      throw .inactive(StoreBridge.replayRefusal)
    case .rewind(let revision):
      if case .failure(let error) = recording.history.target(revision: revision) { throw error }
    case .undo:
      if case .failure(let error) = recording.history.beforeLastMove() { throw error }
    default: break
    }
  }

  /// Forgets the requests a detached front end had queued (except its own switch, which is
  /// what detaches it); a dropped settle no longer holds input back.
  func drop(of session: AttachedFrontEnd) {
    for request in queue.drop(of: session) where request == .settle {
      inputGate(of: session).release()
    }
  }

  /// Forgets every request of `session`, its switch too: a front end that failed to attach
  /// cannot switch to another.
  func dropAll(of session: AttachedFrontEnd) {
    queue.dropAll(of: session)
  }

  private func carryOut(_ entry: RequestQueue.Entry) {
    let session = entry.session
    switch entry.request {
    case .switchTerminal(let target):
      switchTerminal(from: session, to: target)
      input.release()
    case .attach(let target): attachObserver(target, requestedBy: session)
    case .detach(let name): detachByName(name, requestedBy: session)
    case .quit where session.connection != nil: closeConnection(session)
    case .quit: quitting.quit(.requested(by: session))
    case .settle: settle(for: session)
    case .rewind(let revision):
      report(recording.rewind(toRevision: revision), for: session)
      inputGate(of: session).release()
    case .undo:
      report(recording.undoMove(), for: session)
      inputGate(of: session).release()
    case .clientLeft: attacher?.detach(session)
    case .dropFailedOutput(let reason):
      terminal.say("tictactoe: detaching \(session.name): \(reason)")
      attacher?.detach(session)
    }
  }

  /// Settles the game's effects, then tells `session` (`on_settled`) and gives it its input.
  /// The settle holds this carrier weakly: a host gone meanwhile (its front end detached, and
  /// its maker let go) has no input to hand over, and its gate's `consume` names it unowned.
  private func settle(for session: AttachedFrontEnd) {
    Task { @MainActor [weak self, quitting] in
      let timedOut = await quitting.settleGame()
      guard let self else { return }
      if session.isAttached, let onSettled = session.descriptor.on_settled {
        session.deliveredCallbacks += 1
        bridge.callingFrontEnd("on_settled", session) {
          onSettled(session.instance, timedOut)
        }
      }
      inputGate(of: session).release()
    }
  }

  /// Logs why a rewind asked for earlier cannot be carried out now (the history moved on).
  private func report(_ result: Result<Void, HostCallError>, for session: AttachedFrontEnd) {
    if case .failure(let error) = result {
      logError(from: session, "cannot rewind: \(error.message)")
    }
  }

  private func logError(from session: AttachedFrontEnd, _ message: String) {
    terminal.log(from: session, level: TTT_LOG_ERROR.rawValue, message: message)
  }

  private func switchTerminal(from session: AttachedFrontEnd, to target: String) {
    guard let attacher else { return }
    let spec = FrontEndSpec(target)
    let describing = bridge.redactor.describing(_:_:)
    // Check the new front end can be loaded before giving up the current one (the request was
    // checked when it was made; the library may have gone since).
    do {
      _ = try attacher.load(spec)
    } catch {
      logError(from: session, "cannot switch: " + describing(target, error.description))
      return
    }
    let wasOwner = session.ownsTerminal
    attacher.detach(session)
    if case .failure(let error) = attacher.attach(spec, ownsTerminal: wasOwner, connection: nil) {
      logError(from: session, "cannot switch: " + describing(target, error.description))
      // Fall back to the front end that asked, so the user is never left without a screen.
      if case .failure(let error) = attacher.attach(
        session.spec, ownsTerminal: wasOwner, connection: nil)
      {
        terminal.diagnostics("tictactoe: \(error)")
        quitting.quit(.noFrontEnd)
      }
    }
  }

  private func attachObserver(_ target: String, requestedBy session: AttachedFrontEnd) {
    let result = attacher?.attach(FrontEndSpec(target), ownsTerminal: false, connection: nil)
    if case .failure(let error) = result {
      logError(
        from: session,
        "cannot attach: " + bridge.redactor.describing(target, error.description))
    }
  }

  private func detachByName(_ name: String, requestedBy session: AttachedFrontEnd) {
    switch observers.observer(toDetach: name) {
    case .success(let target): attacher?.detach(target)
    case .failure(let refusal):
      logError(
        from: session,
        "cannot detach: " + bridge.redactor.describing(name, refusal.description))
    }
  }

  /// Why a request to detach the front end `name` cannot be carried out, or `nil`: one attached
  /// observer has that name (or spec), or an attach request already queued will attach one.
  private func whyCannotDetach(_ name: String) -> String? {
    guard case .failure(let refusal) = observers.observer(toDetach: name) else { return nil }
    guard case .notAttached = refusal else { return refusal.description }
    let queued = queue.pending.contains { request in
      guard case .attach(let target) = request else { return false }
      return target == name || (try? attacher?.load(FrontEndSpec(target)))?.name == name
    }
    return queued ? nil : refusal.description
  }
}
