import HostIO
import TicTacToeAppCore
import TicTacToeFrontEndABI
import UnidirectionalFlow

/// Loading front ends, attaching and detaching them, and the checks before an observer is
/// attached.
extension FrontEndHost {
  /// Resolves `spec` to a library file: a path as given (made absolute against the current
  /// directory), or a stock name on the search path.
  public func resolve(_ spec: FrontEndSpec) throws(FrontEndLoadError) -> String {
    if spec.isPath { return spec.absolutePath }
    guard let path = searchPath.locate(spec.target) else {
      // The package leaves `web` out when libmicrohttpd's header is missing (Package.swift).
      if spec.target == "web" {
        throw FrontEndLoadError(
          file: spec.target,
          reason: "the web front end was not built: install libmicrohttpd-dev (apt) and rebuild")
      }
      throw FrontEndLoadError(
        file: spec.target,
        reason: "no front end named '\(spec.target)' (looked for "
          + "\(FrontEndSearchPath.fileName(for: spec.target)) in "
          + searchPath.directories.joined(separator: ", ") + ")")
    }
    return path
  }

  /// Loads the front end `spec` (checked, not attached): what a request to switch or attach is
  /// checked with while the user still looks at the screen that asked.
  func load(_ spec: FrontEndSpec) throws(FrontEndLoadError) -> LoadedFrontEnd {
    do {
      return try FrontEndLoader.load(path: resolve(spec), policy: loadPolicy)
    } catch {
      throw spec.explain(error)
    }
  }

  /// Why `spec` cannot be an observer next to the attached front ends and the `planned`
  /// ones (specs given before it on the command line), or `nil`. A library that cannot be
  /// loaded is not this check's business: the attach says why (and a spec after only such
  /// libraries will own the terminal, so it is no observer).
  public func observerProblem(_ spec: FrontEndSpec, planned: [FrontEndSpec] = []) -> String? {
    requests.observers.problem(spec, planned: planned)
  }

  /// Loads and attaches the front end `spec`; it renders the current state at once.
  ///
  /// Failures are returned (the caller prints them); the other front ends keep running.
  @discardableResult
  public func attach(_ spec: FrontEndSpec, ownsTerminal: Bool) -> Result<
    AttachedFrontEnd, FrontEndLoadError
  > {
    attach(spec, ownsTerminal: ownsTerminal, connection: nil)
  }

  /// Loads and attaches the front end `spec`; with a `connection`, the front end's terminal is
  /// that client of the host's socket.
  func attach(
    _ spec: FrontEndSpec, ownsTerminal: Bool, connection: RemoteConnection?
  ) -> Result<AttachedFrontEnd, FrontEndLoadError> {
    let loaded: LoadedFrontEnd
    do {
      loaded = try load(spec)
    } catch {
      return .failure(error)
    }
    func refuse(_ reason: String) -> Result<AttachedFrontEnd, FrontEndLoadError> {
      .failure(FrontEndLoadError(file: loaded.path, reason: reason))
    }
    if ownsTerminal, let owner = terminalOwner {
      return refuse("\(owner.name) already owns the terminal")
    }
    if !ownsTerminal, connection == nil, loaded.writesTerminal, spec.argument == nil {
      return refuse(
        "'\(loaded.name)' draws on the terminal, which another front end owns; give it an "
          + "output file as '\(spec.target):PATH'")
    }
    let session = AttachedFrontEnd(
      frontEnd: loaded, spec: spec, ownsTerminal: ownsTerminal, connection: connection)
    session.host = self
    registry.add(session)
    var instance: UnsafeMutableRawPointer?
    let status = (spec.argument ?? "").withCString { argument in
      (connection?.name ?? "").withCString { connectionName in
        (listeningPath ?? "").withCString { listening in
          var info = ttt_attach_info(
            struct_size: UInt32(MemoryLayout<ttt_attach_info>.size),
            argument: spec.argument == nil ? nil : argument,
            owns_terminal: ownsTerminal || connection != nil,
            connection: connection == nil ? nil : connectionName,
            listening: listeningPath == nil ? nil : listening)
          return bridge.callingFrontEnd("attach", session) {
            session.descriptor.attach(api, session.pointer, &info, &instance)
          }
        }
      }
    }
    guard status == TTT_OK else {
      removeEverything(of: session)
      // Its switch requests too: a front end that failed to attach cannot switch to another.
      requests.dropAll(of: session)
      if terminalOwner?.frontEnd.isFullScreen != true { terminal.flushHeldLogLines() }
      let message = session.lastErrorMessage
      return .failure(
        FrontEndLoadError(
          file: loaded.path,
          reason: "its attach callback failed with "
            + "\(String(cString: ttt_status_name(status))) (\(status))"
            + (message.isEmpty ? "" : ": \(message)"),
          refusalToStart: message))
    }
    session.instance = instance
    if ownsTerminal { terminal.handNotices(to: session) }
    return .success(session)
  }

  /// Detaches `session`: it restores what it changed and ends its subscriptions (while it still
  /// can call the host), then the host ends whatever it left behind and closes its outputs
  /// once what was written to them is out.
  ///
  /// Returns how many subscriptions the front end left registered, which a well-behaved front end
  /// keeps at zero (the conformance check reports it).
  @discardableResult
  public func detach(_ session: AttachedFrontEnd) -> Int {
    guard session.isAttached else { return 0 }
    requests.drop(of: session)
    session.isDetaching = true
    bridge.callingFrontEnd("detach", session) {
      session.descriptor.detach(session.instance)
    }
    let leftovers = bridge.registrations(of: session)
    removeEverything(of: session)
    if session.frontEnd.isFullScreen { terminal.flushHeldLogLines() }
    return leftovers
  }

  /// Detaches every front end, the terminal owner last.
  public func detachAll() {
    for session in attachedFrontEnds.reversed() where !session.ownsTerminal { detach(session) }
    for session in attachedFrontEnds { detach(session) }
  }

  private func removeEverything(of session: AttachedFrontEnd) {
    registry.remove(session)
    session.retireHandles()
    bridge.removeAll(of: session)
    requests.drop(of: session)
    outputs.close(outputsOf: session)
    if let connection = session.connection { outputs.close(connection) }
    if isTracing, let connection = session.connection {
      diagnostics(
        "tictactoe: trace: \(connection.name) closed; \(HandleRegistry.liveCount) handles live")
    }
  }

  /// A host for the front ends of a client of `game` (`tictactoe attach`), on the game's event
  /// loop; they are attached by the caller.
  ///
  /// Its game runs in another process, a `tictactoe --listen` host, and its front ends are
  /// served the C ABI over it as if it ran here. Reads are answered from the last state the
  /// host sent; sends and edits are forwarded (secrets to the host only); subscriptions fire on
  /// the host's `state` events and action observers on its `action` events; a settle is the
  /// host's. Rewinding is the host's to do. When the host goes away, the client detaches its
  /// front ends (restoring the terminal) and exits with ``ExitStatus/hostWentAway``.
  public static func attached(
    to game: RemoteGame, searchPath: FrontEndSearchPath, settleTimeout: Duration,
    terminalOutput: OutputSink? = nil
  ) -> FrontEndHost {
    let store = Store(initialState: game.state) { RemoteMirror(game: game) }
    let host = FrontEndHost(
      store: store, searchPath: searchPath, loop: game.loop, settleTimeout: settleTimeout,
      terminalOutput: terminalOutput)
    host.quitting.remote = game
    host.bridge.broadcastsStoreActions = false
    game.onState = { [unowned host] state in
      if state != host.store.state { host.bridge.rewind(to: state) }
    }
    game.onAction = { [unowned host] casePath, fromEffect, error, payload in
      host.bridge.broadcast(
        casePath: casePath, fromEffect: fromEffect, error: error, payload: payload)
    }
    game.onError = { [unowned host, path = game.path] in
      host.terminal.say("tictactoe: \(path): \($0)")
    }
    game.onEnd = { [unowned host, path = game.path] reason in
      host.quit(.hostWentAway("the host at \(path) went away (\(reason))"))
    }
    // A move typed just before quitting still reaches the host.
    let exit = host.onExit
    host.onExit = { status in
      game.close()
      exit(status)
    }
    game.start()
    return host
  }
}
