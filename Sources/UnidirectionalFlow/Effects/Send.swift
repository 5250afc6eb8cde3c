/// The function an effect uses to send actions back into its store.
///
/// Calling it hops to the main actor, where the store lives (an effect already runs there). After the effect has been
/// cancelled, sends are dropped, so a cancelled request can never deliver a late response.
///
/// ```swift
/// return .run { send in
///   await send(.timerTicked)
/// }
/// ```
public struct Send<Action>: Sendable {
  let send: @MainActor @Sendable (Action) -> Void

  /// Creates a send function from a closure; useful to drive an effect in isolation.
  ///
  /// - Parameter send: Receives each action sent, on the main actor.
  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends `action` to the store, unless the current task was cancelled.
  ///
  /// Asynchronous, though it never suspends on the main actor where effects run, so that
  /// `await send(...)` reads the same in an effect and in any other code that holds a `Send`.
  ///
  /// - Parameter action: The action to send: `await send(.tick)`.
  @MainActor
  public func callAsFunction(_ action: Action) async {
    deliver(action)
  }

  /// Sends `action` to the store at once, unless the current task was cancelled.
  @MainActor
  func deliver(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }
}
