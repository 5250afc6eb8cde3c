/// A type that holds a `store` whose actions have a `view` case, and sends its view actions
/// without spelling that case: `send(.loginButtonTapped)` is `store.send(.view(.loginButtonTapped))`.
///
/// `@ViewAction(for: Login.self)` adds the conformance; writing it by hand works as well.
@MainActor
public protocol ViewActionSending<StoreState, StoreAction> {
  /// The state of the store.
  associatedtype StoreState
  /// The actions of the store, with their `view` case.
  associatedtype StoreAction: ViewAction & Sendable
  /// The store the view actions go to.
  var store: Store<StoreState, StoreAction> { get }
}

extension ViewActionSending {
  /// Sends `action` to the store as its `view` case.
  ///
  /// - Parameter action: The view action to send.
  /// - Returns: The task of the effects the action started, to await or cancel.
  @discardableResult
  public func send(_ action: StoreAction.ViewAction) -> StoreTask {
    store.send(.view(action))
  }
}
