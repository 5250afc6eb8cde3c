import TicTacToeAppCore
import TicTacToeFrontEndABI
import UnidirectionalFlow

/// Change subscriptions: one per front end and feature handle, told once per round after the
/// outermost call into a front end has returned.
extension StoreBridge {
  /// A change subscription. One store subscription serves them all, and the host's own
  /// observers (``stateDidChange(to:)``): the store compares each new state with the last once,
  /// not once per front end or observer.
  final class Subscription {
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

  /// Calls `callback(context)` after each action that changed what `handle` reads.
  func subscribe(
    _ handle: StoreHandle, callback: @escaping ttt_change_callback,
    context: UnsafeMutableRawPointer?
  ) -> UInt64 {
    let id = takeID()
    subscriptions.append(
      Subscription(id: id, handle: handle, callback: callback, context: context, state: store.state)
    )
    return id
  }

  /// Calls `observer` after every change of the store's state, with the new state: after the
  /// redactor and the observers added before, before any front end is told.
  func observeStateChanges(_ observer: @escaping @MainActor (TicTacToe.State) -> Void) {
    stateObservers.append(observer)
  }

  /// The store's state changed to `state`: the redactor, then the host's observers, then the
  /// JSON-lines object the front ends read, then their subscriptions learn it.
  func stateDidChange(to state: TicTacToe.State) {
    redactor.update(from: state)
    for observer in stateObservers { observer(state) }
    stateJSON.prepare(state)
    // None once the last front end's went: a change costs the front ends nothing then.
    if !subscriptions.isEmpty { markChangedSubscriptions(in: state) }
  }

  /// Marks every subscription whose feature changed in `state`, and tells them unless a call
  /// into a front end is under way.
  private func markChangedSubscriptions(in state: TicTacToe.State) {
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
  func call(_ subscription: Subscription, ifRegisteredSince removals: Int) {
    guard subscription.session.isAttached else { return }
    if subscriptionRemovals != removals, !subscriptions.contains(where: { $0 === subscription }) {
      return
    }
    subscription.session.deliveredCallbacks += 1
    callingFrontEnd("change", subscription.session) { subscription.callback(subscription.context) }
  }

  func removeSubscriptions(where shouldRemove: (Subscription) -> Bool) {
    let count = subscriptions.count
    subscriptions.removeAll(where: shouldRemove)
    if subscriptions.count != count { subscriptionRemovals += 1 }
  }
}
