import JSONLines
import Persistence
import TicTacToeAppCore
import TicTacToeFrontEndABI
import UnidirectionalFlow

/// Action observers: every processed action, its payload encoded once, told to each observer
/// in order, after the outermost call into a front end has returned.
extension StoreBridge {
  struct ActionObserver {
    let session: AttachedFrontEnd
    let callback: ttt_action_callback
    let context: UnsafeMutableRawPointer?
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

  func removeActionObservers(
    where shouldRemove: ((id: UInt64, observer: ActionObserver)) -> Bool
  ) {
    let count = actionObservers.count
    actionObservers.removeAll(where: shouldRemove)
    if actionObservers.count != count { observerRemovals += 1 }
  }

  func broadcast(_ action: TicTacToe.Action, origin: ActionOrigin) {
    // Before anyone is told: the state may have changed under the same revision until the
    // history counts it, and an observer that reads a screen or the JSON-lines object reads
    // the state this action made (``ExportCache/forgetHandOuts()``, ``StateJSONCache/forget()``).
    exports.forgetHandOuts()
    stateJSON.forget()
    if isTracing {
      let (casePath, error) = ActionDescription.describe(action)
      trace(
        "tictactoe: trace: \(origin == .effect ? "effect" : "frontend") \(casePath)"
          + (error.map { " (\($0))" } ?? ""))
    }
    guard broadcastsStoreActions, !actionObservers.isEmpty else { return }
    payloadWriter.reset()
    // An intent's case path comes with its payload: the schema is searched once.
    let intentPath = ActionLog.writePayload(of: action, to: &payloadWriter)
    // No `Optional.map`: a closure of main-actor code handed to the standard library checks
    // its isolation at every call (see ``UncheckedClosures``).
    let (casePath, error): (String, String?)
    if let intentPath {
      (casePath, error) = (intentPath, nil)
    } else {
      (casePath, error) = ActionDescription.describe(action)
    }
    payloadWriter.appendRaw(0)
    // Copied into the pending events before any observer runs: the next action may reuse it.
    UncheckedClosures.withBytes(of: payloadWriter.bytes) { payload in
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

  func broadcast(
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
  func deliver(
    casePath: String, fromEffect: Bool, error: String?, payload: UnsafePointer<CChar>?,
    registeredBefore firstLaterID: UInt64 = .max
  ) {
    UncheckedClosures.withCString(casePath) { casePath in
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
