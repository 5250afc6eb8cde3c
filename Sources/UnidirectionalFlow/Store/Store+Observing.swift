extension Store {
  /// Calls `onChange` with the new state after each processed action that changed this
  /// store's state (as seen through its scope), and never otherwise.
  ///
  /// The observation lasts until the returned subscription is cancelled or released.
  ///
  /// - Parameter onChange: Called on the main actor with the new state.
  /// - Returns: The subscription: keep it for as long as you observe.
  public func subscribe(
    _ onChange: @escaping @MainActor (State) -> Void
  ) -> StoreSubscription where State: Equatable {
    let core = self.core
    var last = core.snapshot().pointee
    let observers = core.root.observers
    let id = observers.add {
      let current = core.snapshot().pointee
      guard current != last else { return }
      last = current
      onChange(current)
    }
    return StoreSubscription { observers.remove(id) }
  }

  /// Calls `body` with every action the root store processes, after the reducer ran and
  /// before change observers are told; `origin` tells a sent action from an effect's.
  ///
  /// Only a root store (not a scoped one) reports actions: a host uses it to log or echo them.
  ///
  /// - Parameter body: Called on the main actor with each action and where it came from.
  /// - Returns: The subscription: keep it for as long as you observe.
  public func observeActions(
    _ body: @escaping @MainActor (Action, ActionOrigin) -> Void
  ) -> StoreSubscription {
    core.observeActions(body)
  }
}
