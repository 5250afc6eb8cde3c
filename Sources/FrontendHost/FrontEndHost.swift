import AppCore
import Foundation
import Synchronization
import TicTacToeFrontendABI
import UnidirectionalFlow

/// The host: one live app store and the front ends attached to it.
///
/// It attaches and detaches front ends, gives one of them the terminal (and its input), bridges
/// the store to the C ABI (reads, sends, change and action subscriptions), carries out the
/// front ends' requests after their callbacks return, and settles effects before quitting.
/// Everything here runs on the main actor, the ABI's store thread.
@MainActor
public final class FrontEndHost {
  /// The app store every front end reads and drives.
  public let store: Store<TicTacToe.State, TicTacToe.Action>
  /// Where stock front ends are looked up.
  public let searchPath: FrontEndSearchPath
  /// How long a settle (or the settle before quitting) waits for effects.
  public let settleTimeout: Duration
  /// Called once when the host wants the process to exit, with the exit code.
  public var onExit: (Int32) -> Void = { exit($0) }
  /// Where diagnostics and front-end log lines go (standard error by default).
  public var diagnostics: (String) -> Void = { line in
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// The user intents front ends can send, with their C mirror for reflection. Read from any
  /// thread (a front end may send from anywhere).
  nonisolated let catalog = ReadMostly<(actions: ActionCatalog, table: ReflectionTable)>(
    (ActionCatalog.standard, ReflectionTable(ActionCatalog.standard)))

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

  /// Called with the new terminal owner (or `nil`) whenever it changes: a front end that owns
  /// the terminal was attached (before its attach callback runs) or detached (after its detach
  /// callback returned). The `tictactoe` executable tells its crash guard from here whether a
  /// full-screen interface is up.
  public var onTerminalOwnerChange: (FrontEndSession?) -> Void = { _ in }

  /// The attached front ends, in attach order.
  public private(set) var sessions: [FrontEndSession] = [] {
    didSet {
      let owner = terminalOwner
      if oldValue.first(where: \.ownsTerminal) !== owner { onTerminalOwnerChange(owner) }
    }
  }
  /// The front end that owns the terminal, if any.
  public var terminalOwner: FrontEndSession? { sessions.first { $0.ownsTerminal } }

  private struct Subscription {
    let session: FrontEndSession
    let cancel: StoreSubscription
  }

  private struct ActionObserver {
    let session: FrontEndSession
    let callback: ttt_action_callback
    let context: UnsafeMutableRawPointer?
  }

  private struct Request {
    let kind: ttt_request
    let argument: String
    let session: FrontEndSession
  }

  private var subscriptions: [UInt64: Subscription] = [:]
  private var actionObservers: [UInt64: ActionObserver] = [:]
  private var nextSubscriptionID: UInt64 = 1
  private var requests: [Request] = []
  private var isDrainScheduled = false
  private var heldLogLines: [String] = []
  private var isInputPaused = false
  private var settlesInProgress = 0
  private var hasDeliveredEndOfInput = false
  private var pendingInput: [(bytes: [UInt8], consumed: () -> Void)] = []
  private var isEndOfInputPending = false
  private var isQuitting = false
  private var actionObservation: StoreSubscription?
  /// Whether every processed action is written to the diagnostics (`TICTACTOE_TRACE=1`).
  public var isTracing = false
  /// Which library files the host agrees to load (`--allow-unsafe-frontends` relaxes it).
  public var loadPolicy = FrontEndLoadPolicy.strict

  /// Creates a host around `store`.
  public init(
    store: Store<TicTacToe.State, TicTacToe.Action>,
    searchPath: FrontEndSearchPath,
    settleTimeout: Duration = .seconds(10)
  ) {
    self.store = store
    self.searchPath = searchPath
    self.settleTimeout = settleTimeout
    markStoreThread()
    self.actionObservation = store.observeActions { [unowned self] action, origin in
      self.broadcast(action, origin: origin)
    }
  }

  // MARK: Attaching

  /// Resolves `spec` to a library file: a path as given (made absolute against the current
  /// directory), or a stock name on the search path.
  public func resolve(_ spec: FrontEndSpec) throws(FrontEndLoadError) -> String {
    if spec.isPath { return URL(fileURLWithPath: spec.target).path }
    guard let path = searchPath.locate(spec.target) else {
      throw FrontEndLoadError(
        file: spec.target,
        reason: "no front end named '\(spec.target)' (looked for "
          + "\(FrontEndSearchPath.fileName(for: spec.target)) in "
          + searchPath.directories.joined(separator: ", ") + ")")
    }
    return path
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
      loaded = try FrontEndLoader.load(path: resolve(spec), policy: loadPolicy)
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
    session.isAttached = true
    sessions.append(session)
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
      requests.removeAll { $0.session === session }
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
  /// can call the host), then the host ends whatever it left behind.
  ///
  /// Returns how many subscriptions the front end left registered, which a well-behaved front end
  /// keeps at zero (the conformance check reports it).
  @discardableResult
  public func detach(_ session: FrontEndSession) -> Int {
    guard session.isAttached else { return 0 }
    dropRequests(of: session)
    session.isDetaching = true
    session.descriptor.detach(session.instance)
    let leftovers =
      subscriptions.values.filter { $0.session === session }.count
      + actionObservers.values.filter { $0.session === session }.count
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
    session.isAttached = false
    sessions.removeAll { $0 === session }
    for (id, subscription) in subscriptions where subscription.session === session {
      subscription.cancel.cancel()
      subscriptions[id] = nil
    }
    actionObservers = actionObservers.filter { $0.value.session !== session }
    dropRequests(of: session)
  }

  /// Forgets the requests a detached front end had queued (except its own switch, which is
  /// what detaches it); a dropped settle no longer holds input back.
  private func dropRequests(of session: FrontEndSession) {
    let dropped = requests.filter { $0.session === session && $0.kind != TTT_REQUEST_SWITCH }
    guard !dropped.isEmpty else { return }
    requests.removeAll { $0.session === session && $0.kind != TTT_REQUEST_SWITCH }
    settlesInProgress -= dropped.filter { $0.kind == TTT_REQUEST_SETTLE }.count
    isInputPaused = settlesInProgress > 0 || isQuitting
  }

  // MARK: The store, seen through the ABI

  /// Sends a validated action after checking that its feature is on screen.
  func send(
    _ action: TicTacToe.Action, entry: ActionCatalog.Entry, from session: FrontEndSession
  ) -> ttt_status {
    if let error = ActionImport.checkActive(entry, in: store.state) {
      return HostAPI.fail(session, error)
    }
    store.send(action)
    return TTT_OK
  }

  /// Calls `callback(context)` after each action that changed what `handle` reads.
  func subscribe(
    _ handle: StoreHandle, callback: @escaping ttt_change_callback,
    context: UnsafeMutableRawPointer?
  ) -> UInt64 {
    let id = nextSubscriptionID
    nextSubscriptionID += 1
    let feature = handle.feature
    let session = handle.session
    var last = FeatureSnapshot(feature, store.state)
    let subscription = store.subscribe { [weak self] state in
      let current = FeatureSnapshot(feature, state)
      guard current != last else { return }
      last = current
      guard session.isAttached, self?.subscriptions[id] != nil else { return }
      session.deliveredCallbacks += 1
      callback(context)
    }
    subscriptions[id] = Subscription(session: session, cancel: subscription)
    return id
  }

  /// Calls `callback` for every processed action.
  func observeActions(
    _ session: FrontEndSession, callback: @escaping ttt_action_callback,
    context: UnsafeMutableRawPointer?
  ) -> UInt64 {
    let id = nextSubscriptionID
    nextSubscriptionID += 1
    actionObservers[id] = ActionObserver(session: session, callback: callback, context: context)
    return id
  }

  /// Ends a subscription of `session`; ids of other front ends are ignored.
  func unsubscribe(_ id: UInt64, of session: FrontEndSession) {
    if let subscription = subscriptions[id], subscription.session === session {
      subscription.cancel.cancel()
      subscriptions[id] = nil
    }
    if actionObservers[id]?.session === session { actionObservers[id] = nil }
  }

  private func broadcast(_ action: TicTacToe.Action, origin: ActionOrigin) {
    if isTracing {
      let (casePath, error) = ActionDescription.describe(action)
      diagnostics(
        "tictactoe: trace: \(origin == .effect ? "effect" : "frontend") \(casePath)\(error.map { " (\($0))" } ?? "")"
      )
    }
    guard !actionObservers.isEmpty else { return }
    let (casePath, error) = ActionDescription.describe(action)
    casePath.withCString { casePath in
      withOptionalCString(error) { error in
        var event = ttt_action_event(
          struct_size: UInt32(MemoryLayout<ttt_action_event>.size), case_path: casePath,
          from_effect: origin == .effect, error: error)
        for id in actionObservers.keys.sorted() {
          guard let observer = actionObservers[id], observer.session.isAttached else { continue }
          observer.session.deliveredCallbacks += 1
          observer.callback(observer.context, &event)
        }
      }
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
    let line = "tictactoe: [\(session.name)] \(label): \(message)"
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
  ) -> Result<Void, HostActionError> {
    guard !session.isDetaching else {
      // It would be carried out after detach returns, by a front end that is gone.
      return .failure(
        .init(status: TTT_ERR_DETACHED, message: "requests made while detaching are refused"))
    }
    let request = ttt_request(rawValue: kind)
    switch request {
    case TTT_REQUEST_SWITCH, TTT_REQUEST_ATTACH, TTT_REQUEST_DETACH:
      guard !argument.isEmpty else {
        return .failure(.invalid("this request needs an argument naming a front end"))
      }
      if request != TTT_REQUEST_DETACH {
        // Load it now, so that a front end that cannot be loaded is refused while the user is
        // still looking at the screen that asked.
        do {
          _ = try FrontEndLoader.load(path: resolve(FrontEndSpec(argument)), policy: loadPolicy)
        } catch {
          return .failure(.unknown(error.description))
        }
      }
    case TTT_REQUEST_QUIT, TTT_REQUEST_SETTLE:
      break
    default:
      return .failure(.init(status: TTT_ERR_UNSUPPORTED, message: "unknown request \(kind)"))
    }
    if request == TTT_REQUEST_SETTLE {
      // Hold input back from now on, not from when the request is carried out, so that no
      // input (or end of input) slips in before the settle starts.
      settlesInProgress += 1
      isInputPaused = true
    }
    requests.append(Request(kind: request, argument: argument, session: session))
    scheduleDrain()
    return .success(())
  }

  private func scheduleDrain() {
    guard !isDrainScheduled else { return }
    isDrainScheduled = true
    Task { @MainActor in
      self.isDrainScheduled = false
      self.drainRequests()
    }
  }

  private func drainRequests() {
    defer { if !isInputPaused { resumeInput() } }
    while !requests.isEmpty {
      let request = requests.removeFirst()
      switch request.kind {
      case TTT_REQUEST_SWITCH: switchTerminal(from: request.session, to: request.argument)
      case TTT_REQUEST_ATTACH: attachObserver(request.argument, requestedBy: request.session)
      case TTT_REQUEST_DETACH: detachByName(request.argument, requestedBy: request.session)
      case TTT_REQUEST_QUIT: quit()
      case TTT_REQUEST_SETTLE: settle(for: request.session)
      default: break
      }
    }
  }

  private func switchTerminal(from session: FrontEndSession, to target: String) {
    let spec = FrontEndSpec(target)
    // Check the new front end can be loaded before giving up the current one (the request was
    // checked when it was made; the library may have gone since).
    do {
      _ = try FrontEndLoader.load(path: resolve(spec), policy: loadPolicy)
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
        quit(code: 3)
      }
    }
  }

  private func attachObserver(_ target: String, requestedBy session: FrontEndSession) {
    if case .failure(let error) = attach(FrontEndSpec(target), ownsTerminal: false) {
      log(from: session, level: TTT_LOG_ERROR.rawValue, message: error.description)
    }
  }

  private func detachByName(_ name: String, requestedBy session: FrontEndSession) {
    guard let target = sessions.last(where: { $0.name == name && !$0.ownsTerminal }) else {
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

  /// Hands input bytes to the terminal owner; `consumed` is called once the owner has taken
  /// them (later, while a settle holds input back).
  public func deliverInput(_ bytes: [UInt8], consumed: @escaping () -> Void) {
    guard !isInputPaused else {
      pendingInput.append((bytes, consumed))
      return
    }
    if let owner = terminalOwner, let onInput = owner.descriptor.on_input, !bytes.isEmpty {
      bytes.withUnsafeBufferPointer { onInput(owner.instance, $0.baseAddress, $0.count) }
    }
    consumed()
  }

  /// The input ended: tells the owner, lets it finish what it still has to do (it may settle
  /// several times), then settles effects and quits with status 0.
  public func endOfInput() {
    guard !isInputPaused else {
      isEndOfInputPending = true
      return
    }
    if !hasDeliveredEndOfInput, let owner = terminalOwner {
      hasDeliveredEndOfInput = true
      owner.descriptor.on_input?(owner.instance, nil, 0)
      if isInputPaused {
        isEndOfInputPending = true
        return
      }
    }
    quit()
  }

  /// Tells the terminal owner about a new terminal size.
  public func resize(columns: Int, rows: Int) {
    guard let owner = terminalOwner, let onResize = owner.descriptor.on_resize else { return }
    onResize(owner.instance, UInt32(clamping: columns), UInt32(clamping: rows))
  }

  /// Tells the terminal owner the process is being suspended or was resumed.
  public func suspend(resumed: Bool) {
    guard let owner = terminalOwner, let onSuspend = owner.descriptor.on_suspend else { return }
    onSuspend(owner.instance, resumed)
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
      self.settlesInProgress -= 1
      self.isInputPaused = self.settlesInProgress > 0 || self.isQuitting
      if session.isAttached, let onSettled = session.descriptor.on_settled {
        session.deliveredCallbacks += 1
        onSettled(session.instance, timedOut)
      }
      self.resumeInput()
    }
  }

  private func resumeInput() {
    while !isInputPaused, !pendingInput.isEmpty {
      let (bytes, consumed) = pendingInput.removeFirst()
      deliverInput(bytes, consumed: consumed)
    }
    if !isInputPaused, isEndOfInputPending {
      isEndOfInputPending = false
      endOfInput()
    }
  }

  /// Settles effects (bounded), detaches every front end and exits with `code`.
  public func quit(code: Int32 = 0) {
    guard !isQuitting else { return }
    isQuitting = true
    isInputPaused = true
    Task { @MainActor in
      if code == 0 { _ = await self.settleEffects() }
      self.detachAll()
      self.flushHeldLogLines()
      self.onExit(code)
    }
  }
}

/// What one feature handle reads, to tell whether it changed.
private enum FeatureSnapshot: Equatable {
  case value(AnyHashableEquatable?)

  init(_ feature: HostFeature, _ state: TicTacToe.State) {
    switch (feature, state) {
    case (.root, _): self = .value(AnyHashableEquatable(state))
    case (.login, .login(let login)): self = .value(AnyHashableEquatable(login))
    case (.twoFactor, .login(let login)):
      self = .value(login.twoFactor.map(AnyHashableEquatable.init))
    case (.newGame, .newGame(let newGame)): self = .value(AnyHashableEquatable(newGame))
    case (.game, .newGame(let newGame)): self = .value(newGame.game.map(AnyHashableEquatable.init))
    default: self = .value(nil)
    }
  }
}

/// An equatable value of any type.
private struct AnyHashableEquatable: Equatable {
  let value: Any
  let isEqual: (Any) -> Bool

  init<T: Equatable>(_ value: T) {
    self.value = value
    self.isEqual = { ($0 as? T) == value }
  }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.isEqual(rhs.value) }
}

private func withOptionalCString<R>(
  _ string: String?, _ body: (UnsafePointer<CChar>?) -> R
) -> R {
  guard let string else { return body(nil) }
  return string.withCString { body($0) }
}
