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
@MainActor
final class StoreBridge {
  /// The app store every front end reads and drives.
  let store: Store<TicTacToe.State, TicTacToe.Action>
  /// Whether every processed action is written to the diagnostics (`TICTACTOE_TRACE=1`).
  var isTracing = false
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
  var broadcastsStoreActions = true
  /// Each feature's state as last exported, shared by every front end's reads.
  let exports = ExportCache()

  /// A change subscription. One store subscription serves them all (``stateObservation``):
  /// the store compares each new state with the last once, not once per front end.
  private final class Subscription {
    let id: UInt64
    let session: AttachedFrontEnd
    let feature: HostFeature
    let callback: ttt_change_callback
    let context: UnsafeMutableRawPointer?
    /// The state as this subscription last saw it, to tell whether its feature changed; the
    /// root's subscriptions need none (every change the store reports changed the root).
    var last: TicTacToe.State?
    /// Whether its feature changed since it was last called.
    // No exclusivity checks, here and below on what every action touches: every access is
    // instantaneous, on the store thread (`benchmarks host`, Host.Action.jsonl).
    @exclusivity(unchecked) var isChanged = false

    init(
      id: UInt64, handle: StoreHandle, callback: @escaping ttt_change_callback,
      context: UnsafeMutableRawPointer?, state: TicTacToe.State
    ) {
      self.id = id
      session = handle.session
      feature = handle.feature
      self.callback = callback
      self.context = context
      last = feature == .root ? nil : state
    }
  }

  private struct ActionObserver {
    let session: AttachedFrontEnd
    let callback: ttt_action_callback
    let context: UnsafeMutableRawPointer?
  }

  /// In the order they were registered (ids only grow), as they are called.
  private var subscriptions: [Subscription] = []
  /// Counts removals of subscriptions, so a round of callbacks notices one made by a callback.
  private var subscriptionRemovals = 0
  /// The store subscription that calls ``subscriptions``: made with the first of them, so that
  /// the host's own subscribers made before (the history, which counts the revision) have
  /// seen a change before any front end is told of it.
  private var stateObservation: StoreSubscription?
  /// In the order they were registered (ids only grow), so a broadcast walks them as they are.
  private var actionObservers: [(id: UInt64, observer: ActionObserver)] = []
  /// Counts removals of action observers, so a broadcast notices one made by a callback.
  private var observerRemovals = 0
  private var nextID: UInt64 = 1
  /// The payload of the action being broadcast, encoded into a reused buffer.
  private var payloadWriter = JSONWriter(capacity: 256)
  private var actionObservation: StoreSubscription?
  private var secretsObservation: StoreSubscription?
  /// How many calls into front ends are under way (one inside another's callback counts too).
  @exclusivity(unchecked) private var frontEndCallDepth = 0
  /// Whether what waited is being told: the calls it makes wait for it instead of telling.
  @exclusivity(unchecked) private var isDelivering = false
  /// Whether a subscription is marked ``Subscription/isChanged``.
  @exclusivity(unchecked) private var hasChangedSubscriptions = false
  /// The action events waiting for the outermost call into a front end to return.
  @exclusivity(unchecked) private var pendingActions = PendingActionEvents()
  /// The ones being told, swapped with ``pendingActions`` (so both keep their room).
  @exclusivity(unchecked) private var deliveringActions = PendingActionEvents()

  init(store: Store<TicTacToe.State, TicTacToe.Action>) {
    self.store = store
    let redactor = redactor
    redactor.update(from: store.state)
    secretsObservation = store.subscribe { state in redactor.update(from: state) }
    actionObservation = store.observeActions { [unowned self] action, origin in
      broadcast(action, origin: origin)
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
      try ActionImport.checkActive(entry, in: store.state)
      if session.frontEnd.descriptor.pointee.abi_minor >= 2,
        let reason = store.state.whyDisabled(action)
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

  /// Calls `callback(context)` after each action that changed what `handle` reads.
  func subscribe(
    _ handle: StoreHandle, callback: @escaping ttt_change_callback,
    context: UnsafeMutableRawPointer?
  ) -> UInt64 {
    let id = takeID()
    if stateObservation == nil {
      stateObservation = store.subscribe { [weak self] state in self?.stateDidChange(to: state) }
    }
    subscriptions.append(
      Subscription(id: id, handle: handle, callback: callback, context: context, state: store.state)
    )
    return id
  }

  /// Marks every subscription whose feature changed in `state`, and tells them unless a call
  /// into a front end is under way.
  private func stateDidChange(to state: TicTacToe.State) {
    for subscription in subscriptions {
      if let last = subscription.last {
        guard subscription.feature.changed(from: last, to: state) else { continue }
        subscription.last = state
      }
      subscription.isChanged = true
      hasChangedSubscriptions = true
    }
    deliverPending()
  }

  /// Marks every root subscription, and tells them unless a call into a front end is under
  /// way: what the root state reads changed outside the store (a replay moved on, or ended).
  func notifyRootSubscribers() {
    for subscription in subscriptions where subscription.feature == .root {
      subscription.isChanged = true
      hasChangedSubscriptions = true
    }
    deliverPending()
  }

  /// Calls `subscription`'s callback, unless its front end is detached or a callback of this
  /// round removed it.
  private func call(_ subscription: Subscription, ifRegisteredSince removals: Int) {
    guard subscription.session.isAttached else { return }
    if subscriptionRemovals != removals, !subscriptions.contains(where: { $0 === subscription }) {
      return
    }
    subscription.session.deliveredCallbacks += 1
    callingFrontEnd("change", subscription.session) { subscription.callback(subscription.context) }
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
  private func deliverPending() {
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

  /// Calls `callback` for every processed action.
  func observeActions(
    _ session: AttachedFrontEnd, callback: @escaping ttt_action_callback,
    context: UnsafeMutableRawPointer?
  ) -> UInt64 {
    let id = takeID()
    actionObservers.append(
      (id, ActionObserver(session: session, callback: callback, context: context)))
    return id
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

  /// Ends everything `session` registered.
  func removeAll(of session: AttachedFrontEnd) {
    removeSubscriptions { $0.session === session }
    removeActionObservers { $0.observer.session === session }
  }

  private func removeSubscriptions(where shouldRemove: (Subscription) -> Bool) {
    let count = subscriptions.count
    subscriptions.removeAll(where: shouldRemove)
    if subscriptions.count != count { subscriptionRemovals += 1 }
  }

  private func removeActionObservers(
    where shouldRemove: ((id: UInt64, observer: ActionObserver)) -> Bool
  ) {
    let count = actionObservers.count
    actionObservers.removeAll(where: shouldRemove)
    if actionObservers.count != count { observerRemovals += 1 }
  }

  private func takeID() -> UInt64 {
    defer { nextID += 1 }
    return nextID
  }

  private func broadcast(_ action: TicTacToe.Action, origin: ActionOrigin) {
    if isTracing {
      let (casePath, error) = ActionDescription.describe(action)
      trace(
        "tictactoe: trace: \(origin == .effect ? "effect" : "frontend") \(casePath)"
          + (error.map { " (\($0))" } ?? ""))
    }
    guard broadcastsStoreActions, !actionObservers.isEmpty else { return }
    let (casePath, error) = ActionDescription.describe(action)
    payloadWriter.reset()
    ActionLog.writePayload(of: action, to: &payloadWriter)
    payloadWriter.appendRaw(0)
    // Copied into the pending events before any observer runs: the next action may reuse it.
    payloadWriter.bytes.withUnsafeBytes { payload in
      broadcast(
        casePath: casePath, fromEffect: origin == .effect, error: error,
        payload: payload.baseAddress!.assumingMemoryBound(to: CChar.self))
    }
  }

  /// Tells every action observer about the action at `casePath`, with its `payload` (a JSON
  /// object, secrets redacted; `nil` when unknown).
  func broadcast(casePath: String, fromEffect: Bool, error: String?, payload: String?) {
    withOptionalCString(payload) { payload in
      broadcast(casePath: casePath, fromEffect: fromEffect, error: error, payload: payload)
    }
  }

  private func broadcast(
    casePath: String, fromEffect: Bool, error: String?, payload: UnsafePointer<CChar>?
  ) {
    guard !actionObservers.isEmpty else { return }
    guard frontEndCallDepth == 0, !isDelivering, pendingActions.isEmpty else {
      pendingActions.append(
        casePath: casePath, fromEffect: fromEffect, error: error, payload: payload,
        firstLaterID: nextID)
      return deliverPending()
    }
    // Nothing waits and no front end runs: told at once, without a copy; what the observers'
    // own sends make waits for them, and is told after.
    isDelivering = true
    deliver(casePath: casePath, fromEffect: fromEffect, error: error, payload: payload)
    isDelivering = false
    deliverPending()
  }

  /// Tells the action observers registered before `firstLaterID` about an action.
  private func deliver(
    casePath: String, fromEffect: Bool, error: String?, payload: UnsafePointer<CChar>?,
    registeredBefore firstLaterID: UInt64 = .max
  ) {
    casePath.withCString { casePath in
      withOptionalCString(error) { error in
        var event = ttt_action_event(
          struct_size: UInt32(MemoryLayout<ttt_action_event>.size), case_path: casePath,
          from_effect: fromEffect, error: error, payload: payload)
        notifyActionObservers(of: &event, registeredBefore: firstLaterID)
      }
    }
  }

  private func notifyActionObservers(
    of event: inout ttt_action_event, registeredBefore firstLaterID: UInt64
  ) {
    let removals = observerRemovals
    for (id, observer) in actionObservers {
      guard id < firstLaterID else { break }
      guard observer.session.isAttached else { continue }
      // One a callback removed in this broadcast is not called.
      if observerRemovals != removals, !actionObservers.contains(where: { $0.id == id }) {
        continue
      }
      observer.session.deliveredCallbacks += 1
      callingFrontEnd("action", observer.session) { observer.callback(observer.context, &event) }
    }
  }
}

private func withOptionalCString<R>(
  _ string: String?, _ body: (UnsafePointer<CChar>?) -> R
) -> R {
  guard let string else { return body(nil) }
  return string.withCString { body($0) }
}
