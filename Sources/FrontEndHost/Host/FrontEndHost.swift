import HostIO
import Persistence
import TicTacToeAppCore
import UnidirectionalFlow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The host: one live app store and the front ends attached to it.
///
/// It loads and attaches front ends (see +Attaching), hands the terminal owner its input (see
/// +Input), and wires its rooms together, each owning its state: ``AttachmentRegistry`` (who
/// is attached, who owns the terminal), ``StoreBridge`` (the store seen through the C ABI),
/// ``InputGate`` (the input and when the terminal owner gets it), ``HostTerminal`` (standard
/// output, the diagnostics, held log lines and notices), ``HostOutputs`` (the outputs opened
/// for front ends), ``RequestCarrier`` (what front ends asked for, carried out after their
/// callbacks), ``QuitCoordinator`` (settling and quitting, and the exit status),
/// ``SessionRecording`` (history, `--session`, `--record`, replay) and ``ConnectionServer``
/// (the clients of `--listen`). Everything here runs on the main actor, the ABI's store thread.
///
/// Lifetime: an attached front end holds its host until it is detached (its store-thread
/// routines use the host unretained, which that hold keeps valid), so a host is freed only
/// once every front end is detached: ``detachAll()``, which `tictactoe` runs before it exits.
/// Code that makes a host and attaches front ends detaches them when it is done with it. What
/// the host wired up may outlive it (the input source and terminal output its maker passed, a
/// quit under way, a timer): it holds the host weakly, and does nothing once the host is gone.
@MainActor
public final class FrontEndHost: FrontEndAttacher {
  /// Where stock front ends are looked up.
  public let searchPath: FrontEndSearchPath
  /// How long a settle (or the settle before quitting) waits for effects.
  public let settleTimeout: Duration
  /// What the host's input, outputs, clients and timers wait on.
  public let loop: any EventLoop
  /// Which library and output files the host agrees to open (`--allow-unsafe-frontends`).
  public var loadPolicy = FrontEndLoadPolicy.strict
  /// The path of the socket the host listens on (`--listen`), told to each front end it
  /// attaches from then on, so that the terminal's owner can show it.
  public var listeningPath: String?

  let registry: AttachmentRegistry
  let bridge: StoreBridge
  let input: InputGate
  let terminal: HostTerminal
  let outputs: HostOutputs
  let recording: SessionRecording
  /// The recording's history (``SessionRecording/history``), held here too: every state read
  /// of every front end asks its revision, one load away.
  let history: StateHistory
  let quitting: QuitCoordinator
  let requests: RequestCarrier
  let connections: ConnectionServer
  /// The routine table this host hands its front ends: its own (see ``HostAPI/ownTable()``).
  let api = HostAPI.ownTable()
  /// What front ends kept to find again after a switch (`keep_note`, ABI 1.3).
  var notes = FrontEndNotes()

  /// The user intents front ends can send, with their C mirror for reflection, made when a
  /// front end first asks (see ``CatalogSlot``).
  nonisolated let catalog = CatalogSlot()

  /// Creates a host around `store`, writing the terminal owner's output to `terminalOutput`
  /// (standard output by default), and waiting for its input, outputs and timers on `loop`.
  public init(
    store: Store<TicTacToe.State, TicTacToe.Action>,
    searchPath: FrontEndSearchPath,
    loop: any EventLoop,
    settleTimeout: Duration = .seconds(10),
    terminalOutput: OutputSink? = nil
  ) {
    self.searchPath = searchPath
    self.loop = loop
    self.settleTimeout = settleTimeout
    let sink = terminalOutput ?? OutputSink(StandardStreams.inherited.output, loop: loop)
    sink.waitsForDurability = true
    let registry = AttachmentRegistry()
    let input = InputGate(loop: loop)
    let bridge = StoreBridge(store: store)
    let terminal = HostTerminal(output: sink, registry: registry, bridge: bridge)
    let outputs = HostOutputs(
      terminal: sink, loop: loop, registry: registry, redactor: bridge.redactor,
      settleTimeout: settleTimeout)
    let recording = SessionRecording(store: store, bridge: bridge, loop: loop) {
      [unowned terminal] in
      terminal.diagnostics($0)
    }
    let quitting = QuitCoordinator(
      store: store, settleTimeout: settleTimeout, loop: loop, registry: registry,
      bridge: bridge, input: input, terminal: terminal, outputs: outputs, recording: recording)
    let requests = RequestCarrier(
      registry: registry, bridge: bridge, input: input, terminal: terminal, quitting: quitting,
      recording: recording)
    let connections = ConnectionServer(
      loop: loop, registry: registry, bridge: bridge, terminal: terminal, requests: requests,
      quitting: quitting)
    self.registry = registry
    (self.input, self.bridge, self.terminal, self.outputs) = (input, bridge, terminal, outputs)
    (self.recording, self.quitting, self.requests) = (recording, quitting, requests)
    history = recording.history
    self.connections = connections
    markStoreThread()
    // A callback holds the host or a part weakly when what holds the callback may outlive the
    // host: the terminal output and the input source are the maker's, and a quit or a settle
    // under way on the store thread outlives what let go of the host. One that finds the host
    // gone does nothing for it. `unowned` only names a part that whatever holds the callback
    // holds too (the bridge, the recording and the input gate are held only by parts that hold
    // the terminal, which holds its output), so that the parts every action uses get no weak
    // reference: a weakly referenced object counts its references in a side table, the slow
    // path.
    bridge.trace = { [unowned terminal] in terminal.diagnostics($0) }
    requests.attacher = self
    requests.closeConnection = { [weak connections] in connections?.closeConnection(of: $0) }
    connections.attacher = self
    quitting.detachAll = { [weak self] in self?.detachAll() }
    // Called for an attached front end only, which holds the host.
    outputs.onFailure = { [unowned requests] session, reason in
      requests.append(.dropFailedOutput(reason: reason), from: session)
    }
    sink.onFailure = { [weak quitting] sink, failure in
      // A reader that left (`| head -1`) is no error to report, as with jq and git.
      quitting?.quit(
        .outputFailed(failure.code == EPIPE ? nil : "cannot write \(sink.name): \(failure)"))
    }
    sink.onDrain = { [weak self] _ in
      // `self.input`, not the initializer's `input`, which the sink would hold past the host.
      guard let self else { return }
      self.input.handOver()
      for connection in attachedFrontEnds.compactMap(\.connection) { connection.gate.handOver() }
    }
    // Unowned, called for every action of a JSON-lines stream: the gate hands input over only
    // from callbacks that hold the host, or hold weakly what holds it (the input source's
    // reads, the terminal's drain, its idle timer, a settle's end).
    input.consume = { [unowned self] bytes, flags in handToOwner(bytes, flags: flags) }
    input.isOutputBacklogged = { [unowned sink] in sink.backlog > HostTerminal.backlogLimit }
    input.onEnd = { [weak quitting] failure in
      quitting?.quit(failure.map { .inputFailed($0) } ?? .endOfInput)
    }
    input.onDrop = { [unowned terminal] in terminal.diagnostics("tictactoe: \($0)") }
  }

  /// The app store every front end reads and drives.
  public var store: Store<TicTacToe.State, TicTacToe.Action> { bridge.store }
  /// Standard output: the terminal owners write to it in turn.
  public var terminalOutput: OutputSink { terminal.output }
  /// Called once when the host wants the process to exit, with the exit status.
  public var onExit: (Int32) -> Void {
    get { quitting.onExit }
    set { quitting.onExit = newValue }
  }
  /// Where diagnostics and front-end log lines go (standard error by default).
  public var diagnostics: (String) -> Void {
    get { terminal.diagnostics }
    set { terminal.diagnostics = newValue }
  }
  /// The attached front ends, in attach order.
  public var attachedFrontEnds: [AttachedFrontEnd] { registry.attachedFrontEnds }
  /// The front end that owns the terminal, if any.
  public var terminalOwner: AttachedFrontEnd? { registry.terminalOwner }
  /// Whether every processed action is written to the diagnostics (`TICTACTOE_TRACE=1`).
  public var isTracing: Bool {
    get { bridge.isTracing }
    set { bridge.isTracing = newValue }
  }
  /// Whether the calls across the ABI are counted, and the counts written to the diagnostics
  /// once the outermost call into a front end returned (`TICTACTOE_TRACE=calls`): what a key
  /// press costs. For every host of the process.
  public var isCountingCalls: Bool {
    get { CallTally.current != nil }
    set { CallTally.current = newValue ? CallTally.current ?? CallTally() : nil }
  }
  /// Called with the new terminal owner (or `nil`) whenever it changes: a front end that owns
  /// the terminal was attached (before its attach callback runs) or detached (after its detach
  /// callback returned). The `tictactoe` executable tells its crash guard from here whether a
  /// full-screen interface is up.
  public var onTerminalOwnerChange: (AttachedFrontEnd?) -> Void {
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

  // MARK: Settling and quitting (see ``QuitCoordinator``)

  /// Waits until no effect is in flight, at most `settleTimeout`; returns whether it timed out.
  public func settleEffects() async -> Bool { await quitting.settleEffects() }

  /// Quits: settles effects first when `reason` allows it (bounded by the settle timeout),
  /// detaches every front end, writes out what they wrote, and exits with the reason's status.
  ///
  /// A signal while a quit is under way ends the host at once with the signal's status.
  public func quit(_ reason: QuitReason = .requested(by: nil)) { quitting.quit(reason) }

  // MARK: Clients of the host's socket (see ``ConnectionServer``)

  /// Accepts the clients of `listener` from now on, attaching `frontEnd` for each; refused
  /// peers (another user) are reported on standard error.
  public func serve(_ listener: UnixSocketListener, frontEnd spec: FrontEndSpec) {
    connections.serve(listener, frontEnd: spec)
  }

  /// Serves a client on the connected socket `descriptor` (non-blocking; the host owns it from
  /// now on), attaching `frontEnd` for it: what ``serve(_:frontEnd:)`` does for each client.
  public func serve(connection descriptor: Int32, frontEnd spec: FrontEndSpec) {
    connections.serve(connection: descriptor, frontEnd: spec)
  }

  /// The clients connected now.
  public var connectionCount: Int { connections.count }

  // MARK: What outlives the process, and rewinding (see ``SessionRecording``)

  /// Saves the game to `file` after every change, before any output shows that change; see
  /// ``SessionKeeper``. The store's state is the one to keep (restored from the file already,
  /// if it held one); `undo` holds the states before each move of its game, as the file kept
  /// them, and the session saves them again with every change.
  public func keepSession(in file: SessionFile, undo: [TicTacToe.State] = []) {
    recording.keepSession(in: file, undo: undo)
  }

  /// Records every processed action to `path` (created 0600, or truncated; opened as an
  /// observer's output file is, see ``OutputFile``).
  public func record(to path: String) throws(OutputFile.OpenError) {
    try recording.record(to: path, allowsUnsafeFiles: loadPolicy.allowsUnsafeFiles)
  }

  /// The revision of the current state (see ``StateHistory``).
  public var revision: UInt64 { history.revision }

  /// Puts the game back to the state it had at `revision`: effects in flight are cancelled and
  /// every front end redraws. Fails if that revision is no longer kept (or never was).
  public func rewind(toRevision revision: UInt64) -> Result<Void, HostCallError> {
    recording.rewind(toRevision: revision)
  }

  /// Puts the game on screen back to the state before its last move.
  public func undoMove() -> Result<Void, HostCallError> { recording.undoMove() }

  /// Writes everything written so far, now (tests read files right after a send).
  public func flushOutputs() { OutputFlusher.flushAll() }

  // MARK: For the C ABI's routines (``HostAPI``)

  /// Writes a front end's log line (see ``HostTerminal/log(from:level:message:)``).
  func log(from session: AttachedFrontEnd, level: UInt32, message: String) {
    terminal.log(from: session, level: level, message: message)
  }

  /// A notice of `session` for the person at the terminal (see ``HostTerminal``).
  func notice(from session: AttachedFrontEnd, _ text: String) {
    terminal.notice(from: session, text)
  }

  /// `text`, a quote of what someone typed, or `***` in its place when it holds a secret the
  /// app holds now: for the host's messages that quote input, and `ttt_host_api.redact`. Any
  /// thread.
  nonisolated func redacted(_ text: String) -> String {
    bridge.redactor.redact(text)
  }

  /// Queues a front end's request (see ``RequestCarrier``).
  func enqueueRequest(
    _ kind: UInt32, argument: String, from session: AttachedFrontEnd
  ) throws(HostCallError) {
    try requests.enqueue(kind, argument: argument, from: session)
  }

  /// Opens an output for `session` (see ``HostOutputs``).
  func openOutput(
    for session: AttachedFrontEnd, path: String?, append: Bool
  ) throws(HostCallError) -> FrontEndOutput {
    try outputs.open(
      for: session, path: path, append: append,
      allowsUnsafeFiles: loadPolicy.allowsUnsafeFiles)
  }

  /// How far `tictactoe replay` has come, while one drives the store (see ``ReplayDriver``).
  var replayProgress: ReplayProgress? { recording.replayProgress }
}
