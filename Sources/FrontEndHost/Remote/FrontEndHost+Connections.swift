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
extension FrontEndHost {
  /// Accepts the clients of `listener` from now on, attaching `frontEnd` for each; refused
  /// peers (another user) are reported on standard error.
  public func serve(_ listener: UnixSocketListener, frontEnd spec: FrontEndSpec) {
    listener.onAccept = { [unowned self] descriptor in serve(connection: descriptor, frontEnd: spec)
    }
    listener.onRefused = { [unowned self] uid in
      say("tictactoe: refused a connection to \(listener.path) from uid \(uid): not your user")
    }
    listener.start()
  }

  /// The clients connected now.
  public var connectionCount: Int { attachedFrontEnds.count { $0.connection != nil } }

  /// Serves a client on the connected socket `descriptor` (non-blocking; the host owns it from
  /// now on), attaching `frontEnd` for it: what ``serve(_:frontEnd:)`` does for each client.
  public func serve(connection descriptor: Int32, frontEnd spec: FrontEndSpec) {
    // A client that arrives while the host quits would be attached after everything was
    // detached.
    guard quitReason == nil else {
      _ = Glibc.close(descriptor)
      return
    }
    connectionsAccepted += 1
    let connection = RemoteConnection(
      descriptor: descriptor, name: "connection \(connectionsAccepted)", loop: loop)
    let session: AttachedFrontEnd
    switch attach(spec, ownsTerminal: false, connection: connection) {
    case .success(let attached): session = attached
    case .failure(let error):
      say("tictactoe: \(connection.name): \(error)")
      connection.output.close()
      return
    }
    connection.gate.consume = { [unowned self, weak session, unowned gate = connection.gate] in
      hand($0, flags: $1, to: session, from: gate)
    }
    connection.gate.onEnd = { [unowned self, weak session] _ in
      if let session { closeConnection(of: session) }
    }
    // The connection's own closures name it, never hold it: it goes with its front end.
    let name = connection.name
    connection.gate.onDrop = { [unowned self] in say("tictactoe: \(name): \($0)") }
    let failed: (String) -> Void = { [weak self, weak session] reason in
      guard let self, let session, session.isAttached else { return }
      requests.append(.dropFailedOutput(reason: reason), from: session)
    }
    connection.output.onFailure = { [weak self, weak session] sink, failure in
      // A client that went away (it closed its side, or died) is no news.
      if failure.code == EPIPE || failure.code == ECONNRESET, let self, let session {
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
  /// draining hands the waiting input over again (see the initializer).
  private func waitForTerminalOutput(_ connection: RemoteConnection) {
    let ownBacklog = connection.gate.isOutputBacklogged
    connection.gate.isOutputBacklogged = { [unowned self, unowned connection] in
      if ownBacklog() { return true }
      guard terminalOutput.backlog > Self.terminalBacklogLimit else { return false }
      if isTracing {
        diagnostics("tictactoe: trace: \(connection.name) waits: standard output is backed up")
      }
      return true
    }
  }

  /// Where `session`'s input comes from: its client, or the host's own input.
  func inputGate(of session: AttachedFrontEnd) -> InputGate {
    session.connection?.gate ?? input
  }

  /// The client of `session` is leaving (`quit`, or the end of its input): settles effects
  /// (at most the settle timeout), then detaches its front end and closes the connection.
  func closeConnection(of session: AttachedFrontEnd) {
    session.connection?.stopReading()
    Task { @MainActor in
      // Effects still running at the settle timeout go on in the host, for the others.
      _ = await self.settleEffects()
      guard session.isAttached else { return }
      self.detach(session)
    }
  }

  /// Closes `connection` once what was written to it is out, or at once if it failed or its
  /// client stopped reading; one that does not take the rest within the settle timeout is
  /// closed then.
  func close(_ connection: RemoteConnection) {
    connection.stopReading()
    let sink = connection.output
    sink.onFailure = nil
    sink.flush()
    guard sink.backlog > 0, sink.failure == nil, !connection.isStalled else {
      sink.close()
      return
    }
    closingOutputs.append(sink)
    sink.onDrain = { [weak self] sink in
      sink.close()
      self?.closingOutputs.removeAll { $0 === sink }
    }
    loop.after(settleTimeout) { [weak self] in
      guard let self, closingOutputs.contains(where: { $0 === sink }) else { return }
      sink.close()
      closingOutputs.removeAll { $0 === sink }
    }
  }
}
