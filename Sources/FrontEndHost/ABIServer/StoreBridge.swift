import JSONLines
import Persistence
import TicTacToeAppCore
import TicTacToeAppSchema
import TicTacToeFrontEndABI
import UnidirectionalFlow

/// The app store as the C ABI sees it: sends checked against the screen, change subscriptions
/// per feature handle, and action observers.
///
/// A key press flows one way: the host never calls a front end back from inside one of its
/// calls. What a callback's sends change is marked (each changed subscription once, each action
/// event in order) and told once the outermost call into a front end has returned
/// (``callingFrontEnd(_:_:_:)``), as requests are carried out after it.
///
/// Change subscriptions live in `StoreBridge+Subscriptions.swift` and action observers in
/// `StoreBridge+ActionObservers.swift`; the state they share (what waits, how deep the calls
/// into front ends go) is kept here.
@MainActor
final class StoreBridge {
  /// The app store every front end reads and drives.
  let store: Store<TicTacToe.State, TicTacToe.Action>
  /// Whether every processed action is written to the diagnostics (`TICTACTOE_TRACE=1`).
  // No exclusivity checks on what every broadcast touches (this, ``broadcastsStoreActions``,
  // ``actionObservers``, ``payloadWriter``): every access is instantaneous, on the store thread,
  // and none spans a call into a front end (`Scripts/instruction-guard.sh`).
  @exclusivity(unchecked) var isTracing = false
  /// Where trace lines go.
  var trace: (String) -> Void = { _ in }
  /// The secrets the app holds now, for messages that quote input (read from any thread).
  let redactor = SecretRedactor()
  /// Whether front ends' intents are refused: a replay drives the store, not its front ends.
  var isReadOnly = false
  /// Why an intent (or a rewind) is refused during a replay; front ends say the same
  /// (`ReplayStatus.refusal` in FrontEndKit).
  static let replayRefusal = "this is a replay: the log drives the game"
  /// Whether the store's own actions go to action observers: not for `tictactoe attach`, whose
  /// store forwards intents and whose observers hear the host's actions instead.
  @exclusivity(unchecked) var broadcastsStoreActions = true
  /// Each feature's state as last exported, shared by every front end's reads.
  let exports = ExportCache()
  /// The JSON-lines `state` object of the last revision a front end asked for
  /// (`read_state_json`), shared by every front end.
  let stateJSON = StateJSONCache()

  /// In the order they were registered (ids only grow), as they are called.
  // No exclusivity checks on every change: every access is instantaneous, on the store thread
  // (a round of callbacks walks a copy).
  @exclusivity(unchecked) var subscriptions: [Subscription] = []
  /// Counts removals of subscriptions, so a round of callbacks notices one made by a callback.
  var subscriptionRemovals = 0
  /// The host's one store subscription (``stateDidChange(to:)``): the store compares each new
  /// state with the last once for the redactor, the host's own observers and the front ends'
  /// subscriptions, instead of once for each.
  private var stateObservation: StoreSubscription?
  /// The host's own observers of every change (the history, which counts the revision), told
  /// in the order they were added, after the redactor and before any front end.
  var stateObservers: [@MainActor (TicTacToe.State) -> Void] = []
  /// In the order they were registered (ids only grow), so a broadcast walks them as they are.
  @exclusivity(unchecked) var actionObservers: [(id: UInt64, observer: ActionObserver)] = []
  /// Counts removals of action observers, so a broadcast notices one made by a callback.
  var observerRemovals = 0
  /// The id the next subscription or observer gets (shared, so ids order both).
  var nextID: UInt64 = 1
  /// The payload of the action being broadcast, encoded into a reused buffer.
  @exclusivity(unchecked) var payloadWriter = JSONWriter(capacity: 256)
  private var actionObservation: StoreSubscription?
  /// How many calls into front ends are under way (one inside another's callback counts too).
  @exclusivity(unchecked) var frontEndCallDepth = 0
  /// Whether what waited is being told: the calls it makes wait for it instead of telling.
  @exclusivity(unchecked) var isDelivering = false
  /// Whether a subscription is marked ``Subscription/isChanged``.
  @exclusivity(unchecked) var hasChangedSubscriptions = false
  /// The action events waiting for the outermost call into a front end to return.
  @exclusivity(unchecked) var pendingActions = PendingActionEvents()
  /// The ones being told, swapped with ``pendingActions`` (so both keep their room).
  @exclusivity(unchecked) private var deliveringActions = PendingActionEvents()

  init(store: Store<TicTacToe.State, TicTacToe.Action>) {
    self.store = store
    let redactor = redactor
    redactor.update(from: store.state)
    // Weak, not unowned: the bridge may be released off the main actor (a test, or whoever
    // holds the public FrontEndHost, lets it go on another thread), and then the subscriptions'
    // isolated deinit cancels them only later, on the main actor: a store notification in
    // between finds nothing instead of a freed bridge. The side table this gives the bridge
    // costs about 0.9% per JSON-lines action (43 755 -> 44 129 instructions,
    // `Scripts/instruction-guard.sh --print`).
    stateObservation = store.subscribe { [weak self] state in self?.stateDidChange(to: state) }
    actionObservation = store.observeActions { [weak self] action, origin in
      self?.broadcast(action, origin: origin)
    }
  }

  /// Sends a validated action after checking that its feature is on screen and, for a front
  /// end built for ABI 1.2 or later, that the screen would not ignore it (`TTT_ERR_DISABLED`,
  /// with the feature's reason; an older front end gets `TTT_OK`, as from a 1.1 host, and the
  /// reducer ignores the action). `isCallerWaiting`: the front end made the send on the store
  /// thread and waits for it to return (a callback that comes meanwhile comes inside its send).
  func send(
    _ action: TicTacToe.Action, entry: ActionCatalog.Entry, from session: AttachedFrontEnd,
    isCallerWaiting: Bool = false
  ) -> ttt_status {
    if isReadOnly {
      return HostAPI.fail(
        session, .inactive(Self.replayRefusal))
    }
    do throws(HostCallError) {
      // One copy of the state for both checks.
      let state = store.state
      try ActionImport.checkActive(entry, in: state)
      if session.frontEnd.descriptor.pointee.abi_minor >= 2,
        let reason = state.whyDisabled(action)
      {
        throw HostCallError(status: TTT_ERR_DISABLED, message: reason.text)
      }
    } catch {
      return HostAPI.fail(session, error)
    }
    if isCallerWaiting { session.callDepth += 1 }
    store.send(action)
    if isCallerWaiting { session.callDepth -= 1 }
    return TTT_OK
  }

  /// Calls `session`'s `callback` through `body`: every call into a front end goes through
  /// here. Once the outermost one has returned, what its sends changed is told
  /// (``deliverPending()``), then the call tally (`TICTACTOE_TRACE=calls`) is written.
  func callingFrontEnd<R>(_ callback: String, _ session: AttachedFrontEnd, _ body: () -> R) -> R {
    CallTally.countCallback(callback)
    if session.callDepth > 0 { session.nestedCallbacks += 1 }
    frontEndCallDepth += 1
    session.callDepth += 1
    let result = body()
    session.callDepth -= 1
    frontEndCallDepth -= 1
    guard frontEndCallDepth == 0, !isDelivering else { return result }
    deliverPending()
    if let tally = CallTally.current, let summary = tally.takeSummary() { trace(summary) }
    return result
  }

  /// Tells what waited: the action events in order, then each changed subscription once; again
  /// while those calls' own sends left more. Outside every call into a front end only.
  func deliverPending() {
    guard frontEndCallDepth == 0, !isDelivering else { return }
    isDelivering = true
    defer { isDelivering = false }
    while !pendingActions.isEmpty || hasChangedSubscriptions {
      if !pendingActions.isEmpty {
        swap(&pendingActions, &deliveringActions)
        for event in deliveringActions.events {
          deliveringActions.withPayload(of: event) { payload in
            deliver(
              casePath: event.casePath, fromEffect: event.fromEffect, error: event.error,
              payload: payload, registeredBefore: event.firstLaterID)
          }
        }
        deliveringActions.removeAll()
      }
      if hasChangedSubscriptions {
        hasChangedSubscriptions = false
        let removals = subscriptionRemovals
        for subscription in subscriptions where subscription.isChanged {
          subscription.isChanged = false
          call(subscription, ifRegisteredSince: removals)
        }
      }
    }
  }

  /// Ends a subscription of `session`; ids of other front ends are ignored.
  func unsubscribe(_ id: UInt64, of session: AttachedFrontEnd) {
    removeSubscriptions { $0.id == id && $0.session === session }
    removeActionObservers { $0.id == id && $0.observer.session === session }
  }

  /// How many subscriptions and observers `session` has registered.
  func registrations(of session: AttachedFrontEnd) -> Int {
    subscriptions.filter { $0.session === session }.count
      + actionObservers.filter { $0.observer.session === session }.count
  }

  /// Ends everything `session` registered, and stops encoding each change for the JSON-lines
  /// object until a front end still attached reads it.
  func removeAll(of session: AttachedFrontEnd) {
    removeSubscriptions { $0.session === session }
    removeActionObservers { $0.observer.session === session }
    stateJSON.forgetReaders()
  }

  func takeID() -> UInt64 {
    defer { nextID += 1 }
    return nextID
  }
}
