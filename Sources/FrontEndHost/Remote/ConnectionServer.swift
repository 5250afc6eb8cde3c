import HostIO
import TicTacToeFrontEndABI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Clients of the host's socket (`tictactoe --listen`): each connection gets a front end of
/// its own (the JSON-lines one) whose input and output are the connection, so the protocol,
/// its checks and its secret rules are those of standard input.
///
/// A client leaves by `quit` or by closing its side: the host settles effects (as at the end
/// of standard input), then detaches its front end and closes the connection. Neither ends
/// the host: only the terminal owner, or a signal, does.
///
/// Owns the count of connections accepted, which names them. It attaches through the
/// ``FrontEndAttacher`` (the host), and reports a client that left or failed to the
/// ``RequestCarrier``, which detaches its front end after the current callback.
@MainActor
final class ConnectionServer {
  /// The host, which attaches, detaches and hands input to the clients' front ends.
  weak var attacher: (any FrontEndAttacher)?
  /// How many clients connected to the host's socket so far: names them.
  private var connectionsAccepted = 0
  private let loop: any EventLoop
  private let registry: AttachmentRegistry
  private let bridge: StoreBridge
  private let terminal: HostTerminal
  private let requests: RequestCarrier
  private let quitting: QuitCoordinator

  /// Serves clients on `loop`, their front ends among those of `registry`.
  init(
    loop: any EventLoop, registry: AttachmentRegistry, bridge: StoreBridge,
    terminal: HostTerminal, requests: RequestCarrier, quitting: QuitCoordinator
  ) {
    self.loop = loop
    self.registry = registry
    self.bridge = bridge
    self.terminal = terminal
    self.requests = requests
    self.quitting = quitting
  }

  /// The clients connected now.
  var count: Int { registry.attachedFrontEnds.count { $0.connection != nil } }

  /// Accepts the clients of `listener` from now on, attaching `spec` for each; refused
  /// peers (another user) are reported on standard error.
  func serve(_ listener: UnixSocketListener, frontEnd spec: FrontEndSpec) {
    // Weak, here and in the callbacks below: the listener is the caller's, and a connection's
    // callbacks may come after its front end, or the host, is gone. A client that arrives
    // after the host is gone is closed. (The terminal is reached through this server, so that
    // it gets no weak reference: see ``FrontEndHost``'s initializer.)
    listener.onAccept = { [weak self] descriptor in
      guard let self else {
        _ = Glibc.close(descriptor)
        return
      }
      serve(connection: descriptor, frontEnd: spec)
    }
    listener.onRefused = { [weak self] uid in
      self?.terminal.say(
        "tictactoe: refused a connection to \(listener.path) from uid \(uid): not your user")
    }
    listener.start()
  }

  /// Serves a client on the connected socket `descriptor` (non-blocking; the host owns it from
  /// now on), attaching `spec` for it.
  func serve(connection descriptor: Int32, frontEnd spec: FrontEndSpec) {
    // A client that arrives while the host quits would be attached after everything was
    // detached.
    guard quitting.reason == nil, let attacher else {
      _ = Glibc.close(descriptor)
      return
    }
    connectionsAccepted += 1
    let connection = RemoteConnection(
      descriptor: descriptor, name: "connection \(connectionsAccepted)", loop: loop)
    let session: AttachedFrontEnd
    switch attacher.attach(spec, ownsTerminal: false, connection: connection) {
    case .success(let attached): session = attached
    case .failure(let error):
      terminal.say("tictactoe: \(connection.name): \(error)")
      connection.output.close()
      return
    }
    // The gate calls its own `consume`: it may name itself unowned.
    connection.gate.consume = {
      [weak attacher, weak session, unowned gate = connection.gate] bytes, flags in
      attacher?.hand(bytes, flags: flags, to: session, from: gate) ?? bytes.count
    }
    connection.gate.onEnd = { [weak self, weak session] _ in
      if let self, let session { closeConnection(of: session) }
    }
    // The connection's own closures name it, never hold it: it goes with its front end.
    let name = connection.name
    connection.gate.onDrop = { [weak self] in self?.terminal.say("tictactoe: \(name): \($0)") }
    let failed: (String) -> Void = { [weak requests, weak session] reason in
      guard let requests, let session, session.isAttached else { return }
      requests.append(.dropFailedOutput(reason: reason), from: session)
    }
    connection.output.onFailure = { [weak requests, weak session] sink, failure in
      // A client that went away (it closed its side, or died) is no news.
      if failure.code == EPIPE || failure.code == ECONNRESET, let requests, let session {
        if session.isAttached { requests.append(.clientLeft, from: session) }
        return
      }
      failed("cannot write \(sink.name): \(failure)")
    }
    connection.onStall = { failed("\(name): \($0)") }
    waitForTerminalOutput(connection)
    connection.gate.read(from: connection.reader)
  }

  /// Makes `connection`'s input wait, as standard input does, while the terminal's output is
  /// backed up: a client drives the game too, and every state it causes is written there, so
  /// a stalled reader of standard output would otherwise fill memory. The terminal's output
  /// draining hands the waiting input over again (see ``FrontEndHost``'s initializer).
  private func waitForTerminalOutput(_ connection: RemoteConnection) {
    let ownBacklog = connection.gate.isOutputBacklogged
    connection.gate.isOutputBacklogged = {
      [weak self, weak connection] in
      // Gone: read no more.
      guard let self, let connection else { return true }
      if ownBacklog() { return true }
      guard terminal.output.backlog > HostTerminal.backlogLimit else { return false }
      if bridge.isTracing {
        terminal.diagnostics(
          "tictactoe: trace: \(connection.name) waits: standard output is backed up")
      }
      return true
    }
  }

  /// The client of `session` is leaving (`quit`, or the end of its input): settles effects
  /// (at most the settle timeout), then detaches its front end and closes the connection.
  func closeConnection(of session: AttachedFrontEnd) {
    session.connection?.stopReading()
    Task { @MainActor in
      // Effects still running at the settle timeout go on in the host, for the others.
      _ = await self.quitting.settleEffects()
      guard session.isAttached else { return }
      self.attacher?.detach(session)
    }
  }
}
