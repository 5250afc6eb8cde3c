import Dispatch
import HostIO
import TicTacToeAppCore
import TicTacToeFrontEndABI
import UnidirectionalFlow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The host: one live app store and the front ends attached to it.
///
/// A façade over its rooms: ``AttachmentRegistry`` (who is attached, who owns the terminal),
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
  /// What the host's input, outputs, clients and timers wait on.
  public let loop: any EventLoop
  /// Called once when the host wants the process to exit, with the exit status.
  public var onExit: (Int32) -> Void = { exit($0) }
  /// Where diagnostics and front-end log lines go (standard error by default).
  public var diagnostics: (String) -> Void = { Diagnostics.write($0) }
  /// Which library and output files the host agrees to open (`--allow-unsafe-frontends`).
  public var loadPolicy = FrontEndLoadPolicy.strict

  let registry = AttachmentRegistry()
  let bridge: StoreBridge
  let requests = RequestQueue()
  let input: InputGate
  let history: StateHistory
  /// The routine table this host hands its front ends: its own (see ``HostAPI/ownTable()``).
  let api = HostAPI.ownTable()

  /// The user intents front ends can send, with their C mirror for reflection. Read from any
  /// thread (a front end may send from anywhere).
  nonisolated let catalog = Lock<(actions: ActionCatalog, table: ReflectionTable)>(
    (ActionCatalog.standard, ReflectionTable(ActionCatalog.standard)))

  /// Log lines kept while a full-screen front end owns the terminal (see +Logging).
  var heldLogLines: [String] = []
  /// Outputs of detached front ends still writing what was left to them.
  var closingOutputs: [OutputSink] = []
  /// Why the host is quitting, once it is (see +Quitting).
  var quitReason: QuitReason?
  /// Whether the front ends were detached for the exit: a second signal finds nothing to do.
  var hasFinished = false
  /// What keeps the `--session` file current, if there is one (see +Persistence).
  var sessionKeeper: SessionKeeper?
  /// What writes the `--record` log, if there is one (see +Persistence).
  var recorder: ActionRecorder?
  /// How far `tictactoe replay` has come, while one drives the store (see ``ReplayDriver``).
  var replayProgress: ReplayProgress?
  /// How many clients connected to the host's socket so far: names them.
  var connectionsAccepted = 0
  /// The game this host mirrors, for `tictactoe attach` (see +Attach); `nil` when it runs its own.
  var remote: RemoteGame?
  /// The path of the socket the host listens on (`--listen`), told to each front end it
  /// attaches from then on, so that the terminal's owner can show it.
  public var listeningPath: String?
  /// What front ends kept to find again after a switch (`keep_note`, ABI 1.3).
  var notes = FrontEndNotes()

  /// The most an observer's output may hold unwritten before it counts as failed.
  static let observerBacklogLimit = 16 << 20
  /// The terminal output's backlog above which the host stops reading input.
  static let terminalBacklogLimit = 1 << 20

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
    self.terminalOutput =
      terminalOutput ?? OutputSink(StandardStreams.inherited.output, loop: loop)
    self.terminalOutput.waitsForDurability = true
    input = InputGate(loop: loop)
    bridge = StoreBridge(store: store)
    history = StateHistory(store: store)
    markStoreThread()
    bridge.trace = { [unowned self] in diagnostics($0) }
    requests.perform = { [unowned self] in perform($0) }
    self.terminalOutput.onFailure = { [unowned self] sink, failure in
      // A reader that left (`| head -1`) is no error to report, as with jq and git.
      quit(.outputFailed(failure.code == EPIPE ? nil : "cannot write \(sink.name): \(failure)"))
    }
    self.terminalOutput.onDrain = { [unowned self] _ in
      input.handOver()
      for connection in attachedFrontEnds.compactMap(\.connection) { connection.gate.handOver() }
    }
    input.consume = { [unowned self] bytes, flags in handToOwner(bytes, flags: flags) }
    input.isOutputBacklogged = { [unowned self] in
      self.terminalOutput.backlog > Self.terminalBacklogLimit
    }
    input.onEnd = { [unowned self] failure in
      quit(failure.map { .inputFailed($0) } ?? .endOfInput)
    }
    input.onDrop = { [unowned self] in diagnostics("tictactoe: \($0)") }
  }

  /// The app store every front end reads and drives.
  public var store: Store<TicTacToe.State, TicTacToe.Action> { bridge.store }
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

  // MARK: Attaching

  /// Loads and attaches the front end `spec`; it renders the current state at once.
  ///
  /// Failures are returned (the caller prints them); the other front ends keep running.
  /// With a `connection`, the front end's terminal is that client of the host's socket.
  @discardableResult
  public func attach(_ spec: FrontEndSpec, ownsTerminal: Bool) -> Result<
    AttachedFrontEnd, FrontEndLoadError
  > {
    attach(spec, ownsTerminal: ownsTerminal, connection: nil)
  }

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
      if terminalOwner?.frontEnd.isFullScreen != true { flushHeldLogLines() }
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
    if ownsTerminal { handNotices(to: session) }
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
    dropRequests(of: session)
    session.isDetaching = true
    bridge.callingFrontEnd("detach", session) {
      session.descriptor.detach(session.instance)
    }
    let leftovers = bridge.registrations(of: session)
    removeEverything(of: session)
    if session.frontEnd.isFullScreen { flushHeldLogLines() }
    return leftovers
  }

  /// Detaches every front end, the terminal owner last.
  public func detachAll() {
    for session in attachedFrontEnds.reversed() where !session.ownsTerminal { detach(session) }
    for session in attachedFrontEnds { detach(session) }
  }

  func removeEverything(of session: AttachedFrontEnd) {
    registry.remove(session)
    session.retireHandles()
    bridge.removeAll(of: session)
    dropRequests(of: session)
    closeOutputs(of: session)
    if let connection = session.connection { close(connection) }
    if isTracing, let connection = session.connection {
      diagnostics(
        "tictactoe: trace: \(connection.name) closed; \(HandleRegistry.liveCount) handles live")
    }
  }

  /// Forgets the requests a detached front end had queued (except its own switch, which is
  /// what detaches it); a dropped settle no longer holds input back.
  func dropRequests(of session: AttachedFrontEnd) {
    for request in requests.drop(of: session) where request == .settle {
      inputGate(of: session).release()
    }
  }
}
