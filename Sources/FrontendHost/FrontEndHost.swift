import AppCore
import Dispatch
import HostIO
import TicTacToeFrontendABI
import UnidirectionalFlow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The host: one live app store and the front ends attached to it.
///
/// A façade over its rooms: ``SessionRegistry`` (who is attached, who owns the terminal),
/// ``StoreBridge`` (the store seen through the C ABI), ``RequestQueue`` (what front ends asked
/// for, carried out after their callbacks), ``InputGate`` (the input and when the terminal
/// owner gets it) and the outputs it opened for them. It settles effects before quitting and
/// decides the exit status. Everything here runs on the main actor, the ABI's store thread.
@MainActor
public final class FrontEndHost {
  /// Where stock front ends are looked up.
  public let searchPath: FrontEndSearchPath
  /// How long a settle (or the settle before quitting) waits for effects.
  public let settleTimeout: Duration
  /// Standard output: the terminal owners write to it in turn.
  public let terminalOutput: OutputSink
  /// Called once when the host wants the process to exit, with the exit status.
  public var onExit: (Int32) -> Void = { exit($0) }
  /// Where diagnostics and front-end log lines go (standard error by default).
  public var diagnostics: (String) -> Void = { Diagnostics.write($0) }
  /// Which library and output files the host agrees to open (`--allow-unsafe-frontends`).
  public var loadPolicy = FrontEndLoadPolicy.strict

  let registry = SessionRegistry()
  let bridge: StoreBridge
  let requests = RequestQueue()
  let input = InputGate()

  /// The user intents front ends can send, with their C mirror for reflection. Read from any
  /// thread (a front end may send from anywhere).
  nonisolated let catalog = Lock<(actions: ActionCatalog, table: ReflectionTable)>(
    (ActionCatalog.standard, ReflectionTable(ActionCatalog.standard)))

  private var heldLogLines: [String] = []
  /// Outputs of detached front ends still writing what was left to them.
  private var closingOutputs: [OutputSink] = []
  private var quitReason: QuitReason?
  private var hasFinished = false

  /// The most an observer's output may hold unwritten before it counts as failed.
  static let observerBacklogLimit = 16 << 20
  /// The terminal output's backlog above which the host stops reading input.
  static let terminalBacklogLimit = 1 << 20

  /// Creates a host around `store`, writing the terminal owner's output to `terminalOutput`.
  public init(
    store: Store<TicTacToe.State, TicTacToe.Action>,
    searchPath: FrontEndSearchPath,
    settleTimeout: Duration = .seconds(10),
    terminalOutput: OutputSink? = nil
  ) {
    self.searchPath = searchPath
    self.settleTimeout = settleTimeout
    self.terminalOutput = terminalOutput ?? OutputSink(StandardStreams.inherited.output)
    bridge = StoreBridge(store: store)
    markStoreThread()
    bridge.trace = { [unowned self] in diagnostics($0) }
    requests.perform = { [unowned self] in perform($0) }
    self.terminalOutput.onFailure = { [unowned self] sink, failure in
      quit(.outputFailed("cannot write \(sink.name): \(failure)"))
    }
    self.terminalOutput.onDrain = { [unowned self] _ in input.handOver() }
    input.consume = { [unowned self] bytes, flags in handToOwner(bytes, flags: flags) }
    input.isOutputBacklogged = { [unowned self] in
      self.terminalOutput.backlog > Self.terminalBacklogLimit
    }
    input.onEnd = { [unowned self] in quit(.endOfInput) }
    input.onDrop = { [unowned self] in diagnostics("tictactoe: \($0)") }
  }

  /// The app store every front end reads and drives.
  public var store: Store<TicTacToe.State, TicTacToe.Action> { bridge.store }
  /// The attached front ends, in attach order.
  public var sessions: [FrontEndSession] { registry.sessions }
  /// The front end that owns the terminal, if any.
  public var terminalOwner: FrontEndSession? { registry.terminalOwner }
  /// Whether every processed action is written to the diagnostics (`TICTACTOE_TRACE=1`).
  public var isTracing: Bool {
    get { bridge.isTracing }
    set { bridge.isTracing = newValue }
  }
  /// Called with the new terminal owner (or `nil`) whenever it changes: a front end that owns
  /// the terminal was attached (before its attach callback runs) or detached (after its detach
  /// callback returned). The `tictactoe` executable tells its crash guard from here whether a
  /// full-screen interface is up.
  public var onTerminalOwnerChange: (FrontEndSession?) -> Void {
    get { registry.onTerminalOwnerChange }
    set { registry.onTerminalOwnerChange = newValue }
  }

  /// The user intents front ends can send.
  public nonisolated var actions: ActionCatalog { catalog.read { $0.actions } }

  /// Adds a user intent (or replaces the one with the same case path). Every front end can send
  /// it at once: reflection lists it, `send_path` and `make_sender` accept it, and the JSON-lines
  /// front end, which has no action table of its own, takes it from the next line on.
  public func registerAction(_ entry: ActionCatalog.Entry) {
    catalog.withLock { catalog in
      catalog.actions.add(entry)
      catalog.table = ReflectionTable(catalog.actions)
    }
  }

  // MARK: Attaching

  /// Resolves `spec` to a library file: a path as given (made absolute against the current
  /// directory), or a stock name on the search path.
  public func resolve(_ spec: FrontEndSpec) throws(FrontEndLoadError) -> String {
    if spec.isPath { return spec.absolutePath }
    guard let path = searchPath.locate(spec.target) else {
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

  /// Loads and attaches the front end `spec`; it renders the current state at once.
  ///
  /// Failures are returned (the caller prints them); the other front ends keep running.
  @discardableResult
  public func attach(_ spec: FrontEndSpec, ownsTerminal: Bool) -> Result<
    FrontEndSession, FrontEndLoadError
  > {
    let loaded: LoadedFrontEnd
    do {
      loaded = try load(spec)
    } catch {
      return .failure(error)
    }
    func refuse(_ reason: String) -> Result<FrontEndSession, FrontEndLoadError> {
      .failure(FrontEndLoadError(file: loaded.path, reason: reason))
    }
    if ownsTerminal, let owner = terminalOwner {
      return refuse("\(owner.name) already owns the terminal")
    }
    if !ownsTerminal, loaded.writesTerminal, spec.argument == nil {
      return refuse(
        "'\(loaded.name)' draws on the terminal, which another front end owns; give it an "
          + "output file as '\(loaded.name):PATH'")
    }
    let session = FrontEndSession(frontEnd: loaded, spec: spec, ownsTerminal: ownsTerminal)
    session.host = self
    registry.add(session)
    var instance: UnsafeMutableRawPointer?
    let status = (spec.argument ?? "").withCString { argument in
      var info = ttt_attach_info(
        struct_size: UInt32(MemoryLayout<ttt_attach_info>.size),
        argument: spec.argument == nil ? nil : argument, owns_terminal: ownsTerminal)
      return session.descriptor.attach(HostAPI.table, session.pointer, &info, &instance)
    }
    guard status == TTT_OK else {
      removeEverything(of: session)
      // Its switch requests too: a front end that failed to attach cannot switch to another.
      requests.dropAll(of: session)
      if terminalOwner?.frontEnd.isFullScreen != true { flushHeldLogLines() }
      let message = session.lastErrorMessage
      return refuse(
        "its attach callback failed with status \(status.rawValue)"
          + (message.isEmpty ? "" : ": \(message)"))
    }
    session.instance = instance
    return .success(session)
  }

  /// Detaches `session`: it restores what it changed and ends its subscriptions (while it still
  /// can call the host), then the host ends whatever it left behind and closes its outputs
  /// once what was written to them is out.
  ///
  /// Returns how many subscriptions the front end left registered, which a well-behaved front end
  /// keeps at zero (the conformance check reports it).
  @discardableResult
  public func detach(_ session: FrontEndSession) -> Int {
    guard session.isAttached else { return 0 }
    dropRequests(of: session)
    session.isDetaching = true
    session.descriptor.detach(session.instance)
    let leftovers = bridge.registrations(of: session)
    removeEverything(of: session)
    if session.frontEnd.isFullScreen { flushHeldLogLines() }
    return leftovers
  }

  /// Detaches every front end, the terminal owner last.
  public func detachAll() {
    for session in sessions.reversed() where !session.ownsTerminal { detach(session) }
    for session in sessions { detach(session) }
  }

  private func removeEverything(of session: FrontEndSession) {
    registry.remove(session)
    bridge.removeAll(of: session)
    dropRequests(of: session)
    closeOutputs(of: session)
  }

  /// Forgets the requests a detached front end had queued (except its own switch, which is
  /// what detaches it); a dropped settle no longer holds input back.
  private func dropRequests(of session: FrontEndSession) {
    for request in requests.drop(of: session) where request == .settle { input.release() }
  }

  // MARK: Outputs

  /// Opens an output for `session`: the terminal (`path == nil`, the terminal owner only) or a
  /// file, FIFO or device (see ``OutputFile``).
  func openOutput(
    for session: FrontEndSession, path: String?, append: Bool
  ) throws(HostCallError) -> SessionOutput {
    let output: SessionOutput
    if let path {
      let descriptor: Int32
      do {
        descriptor = try OutputFile.open(
          path, append: append, allowsUnsafeFiles: loadPolicy.allowsUnsafeFiles)
      } catch {
        throw .invalid(error.description)
      }
      let sink = OutputSink(name: path, descriptor: descriptor, closesDescriptor: true)
      sink.backlogLimit = Self.observerBacklogLimit
      sink.onFailure = { [weak self, weak session] sink, failure in
        guard let self, let session, session.isAttached else { return }
        requests.append(
          .dropFailedOutput(reason: "cannot write \(sink.name): \(failure)"), from: session)
      }
      output = SessionOutput(sink: sink, session: session, isOwned: true)
    } else {
      guard session.ownsTerminal else {
        throw .invalid(
          "only the terminal owner writes to the terminal; give '\(session.name)' an output "
            + "file instead")
      }
      output = SessionOutput(sink: terminalOutput, session: session, isOwned: false)
    }
    session.outputs.append(output)
    return output
  }

  /// Closes the outputs `session` opened, each once what was written to it is out (or failed).
  private func closeOutputs(of session: FrontEndSession) {
    for output in session.outputs where output.isOwned {
      let sink = output.sink
      sink.onFailure = nil
      sink.flush()
      guard sink.backlog > 0, sink.failure == nil else {
        sink.close()
        continue
      }
      closingOutputs.append(sink)
      sink.onDrain = { [weak self] sink in
        sink.close()
        self?.closingOutputs.removeAll { $0 === sink }
      }
    }
    session.outputs.removeAll()
  }

  /// Writes everything written so far, now (tests read files right after a send).
  public func flushOutputs() { OutputFlusher.flushAll() }

  /// Writes what every output still holds, waiting at most `limit` for readers to take it.
  private func drainOutputs(within limit: Duration) async {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while true {
      OutputFlusher.flushAll()
      let sinks = [terminalOutput] + sessions.flatMap { $0.outputs.map(\.sink) } + closingOutputs
      let waiting = sinks.filter { $0.failure == nil && $0.backlog > 0 }
      guard !waiting.isEmpty, clock.now < deadline else { return }
      try? await Task.sleep(for: .milliseconds(5))
    }
  }

  // MARK: Logging

  /// Writes a front end's log line, or keeps it while a full-screen front end owns the terminal.
  func log(from session: FrontEndSession, level: UInt32, message: String) {
    let label =
      switch ttt_log_level(rawValue: level) {
      case TTT_LOG_DEBUG: "debug"
      case TTT_LOG_INFO: "info"
      case TTT_LOG_WARNING: "warning"
      default: "error"
      }
    say("tictactoe: [\(session.name)] \(label): \(message)")
  }

  /// Writes a line of the host's own, or keeps it while a full-screen front end owns the
  /// terminal (it would be drawn over).
  private func say(_ line: String) {
    if terminalOwner?.frontEnd.isFullScreen == true {
      heldLogLines.append(line)
      if heldLogLines.count > 1000 { heldLogLines.removeFirst(heldLogLines.count - 1000) }
    } else {
      diagnostics(line)
    }
  }

  private func flushHeldLogLines() {
    let lines = heldLogLines
    heldLogLines = []
    lines.forEach(diagnostics)
  }

  // MARK: Requests

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
    switch request {
    // Hold input back from now on, not from when the request is carried out, so that no input
    // (or end of input) reaches a front end that is about to settle or go.
    case .settle, .switchTerminal: input.hold()
    case .quit: input.close()
    default: break
    }
    requests.append(request, from: session)
  }

  private func perform(_ entry: RequestQueue.Entry) {
    switch entry.request {
    case .switchTerminal(let target):
      switchTerminal(from: entry.session, to: target)
      input.release()
    case .attach(let target): attachObserver(target, requestedBy: entry.session)
    case .detach(let name): detachByName(name, requestedBy: entry.session)
    case .quit: quit(.requested(by: entry.session))
    case .settle: settle(for: entry.session)
    case .dropFailedOutput(let reason):
      say("tictactoe: detaching \(entry.session.name): \(reason)")
      detach(entry.session)
    }
  }

  private func switchTerminal(from session: FrontEndSession, to target: String) {
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

  private func attachObserver(_ target: String, requestedBy session: FrontEndSession) {
    if case .failure(let error) = attach(FrontEndSpec(target), ownsTerminal: false) {
      log(from: session, level: TTT_LOG_ERROR.rawValue, message: error.description)
    }
  }

  private func detachByName(_ name: String, requestedBy session: FrontEndSession) {
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

  // MARK: Input

  /// Reads the host's input from `source` from now on, handing it to the terminal owner. A
  /// failed read ends the input, and the host then exits with ``ExitStatus/inputFailed``.
  public func readInput(from source: InputSource) {
    source.onRead = { [unowned self] result in
      switch result {
      case .bytes(let bytes): input.receive(bytes)
      case .end: input.receiveEnd()
      case .failure(let message):
        input.onEnd = { [unowned self] in quit(.inputFailed(message)) }
        input.receiveEnd()
      }
    }
    input.read(from: source)
  }

  /// Hands input bytes to the terminal owner, as if read (for hosts fed by hand, and tests).
  public func deliverInput(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { input.receive($0) }
  }

  /// The input ended: the owner consumes what is left (it may settle several times), then the
  /// host settles effects and quits.
  public func endOfInput() {
    input.receiveEnd()
  }

  /// Gives the owner `bytes` with `TTT_INPUT_*` `flags`; returns how many it consumed.
  private func handToOwner(_ bytes: UnsafeRawBufferPointer, flags: UInt32) -> Int {
    guard let owner = terminalOwner else { return bytes.count }
    let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
    if let consumeInput = owner.frontEnd.consumeInput {
      return consumeInput(owner.instance, start, bytes.count, flags)
    }
    // ABI 1.0 and 1.1: every byte handed counts as consumed; the end is a call with none.
    guard let onInput = owner.descriptor.on_input else { return bytes.count }
    if bytes.count > 0 { onInput(owner.instance, start, bytes.count) }
    if flags & UInt32(TTT_INPUT_END) != 0, input.phase == .flowing, !owner.hasSeenEndOfInput {
      owner.hasSeenEndOfInput = true
      onInput(owner.instance, nil, 0)
    }
    return bytes.count
  }

  /// Tells the terminal owner about a new terminal size.
  public func resize(columns: Int, rows: Int) {
    guard let owner = terminalOwner, let onResize = owner.descriptor.on_resize else { return }
    onResize(owner.instance, UInt32(clamping: columns), UInt32(clamping: rows))
  }

  /// Tells the terminal owner the process is being suspended or was resumed; before a
  /// suspension, writes out what it wrote to restore the terminal.
  public func suspend(resumed: Bool) {
    guard let owner = terminalOwner, let onSuspend = owner.descriptor.on_suspend else { return }
    onSuspend(owner.instance, resumed)
    if !resumed { terminalOutput.drain(within: 100) }
  }

  // MARK: Settling and quitting

  /// Waits until no effect is in flight, at most `settleTimeout`; returns whether it timed out.
  public func settleEffects() async -> Bool {
    let timeout = settleTimeout
    let deadline = Task {
      try? await Task.sleep(for: timeout)
    }
    let effects = Task { @MainActor [store] in
      await store.awaitEffects()
      deadline.cancel()
    }
    await deadline.value
    let timedOut = store.effectsInFlight > 0
    if !timedOut { effects.cancel() }
    return timedOut
  }

  private func settle(for session: FrontEndSession) {
    Task { @MainActor in
      let timedOut = await self.settleEffects()
      if session.isAttached, let onSettled = session.descriptor.on_settled {
        session.deliveredCallbacks += 1
        onSettled(session.instance, timedOut)
      }
      self.input.release()
    }
  }

  /// Quits: settles effects first when `reason` allows it (bounded by the settle timeout),
  /// detaches every front end, writes out what they wrote, and exits with the reason's status.
  ///
  /// A signal while a quit is under way ends the host at once with the signal's status.
  public func quit(_ reason: QuitReason = .requested(by: nil)) {
    if quitReason != nil {
      if case .signal = reason { Task { @MainActor in await self.finish(reason) } }
      return
    }
    quitReason = reason
    input.close()
    Task { @MainActor in
      var reason = reason
      if reason.settlesFirst, await self.settleEffects() {
        reason = .effectsAbandoned(after: reason, work: self.workInFlight())
        let asker = reason.requester ?? self.terminalOwner
        if let asker, asker.isAttached, let onSettled = asker.descriptor.on_settled {
          asker.deliveredCallbacks += 1
          onSettled(asker.instance, true)
        }
      }
      await self.finish(reason)
    }
  }

  private func finish(_ reason: QuitReason) async {
    guard !hasFinished else { return }
    hasFinished = true
    if let message = reason.message { diagnostics("tictactoe: \(message)") }
    detachAll()
    flushHeldLogLines()
    await drainOutputs(within: reason.isUrgent ? .milliseconds(25) : settleTimeout)
    onExit(reason.exitStatus)
  }

  /// What is still running, in words: "the login request".
  private func workInFlight() -> String {
    let count = store.effectsInFlight
    var work: [String] = []
    switch store.state {
    case .login(let login):
      if login.isLoginRequestInFlight { work.append("the login request") }
      if login.twoFactor?.isTwoFactorRequestInFlight == true {
        work.append("the two-factor request")
      }
    case .newGame: break
    }
    let effects = count == 1 ? "1 effect" : "\(count) effects"
    return work.isEmpty ? effects : "\(effects): \(work.joined(separator: ", "))"
  }
}
