/// A reducer written as a closure, for a feature's own logic inside ``Reducer/body``.
///
/// ```swift
/// Reduce { state, action in
///   switch action {
///   case .logoutButtonTapped:
///     return .none
///   }
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  public typealias Body = Never
  let reduce: (inout State, Action) -> Effect<Action>

  /// Creates a reducer from a closure that changes the state and returns effects.
  ///
  /// - Parameter reduce: The feature's logic: changes `state` for `action` and returns the
  ///   effect to run next (`.none` for none).
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Wraps any reducer, to erase its type.
  public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.reduce = reducer.reduce(into:action:)
  }

  /// Wraps a reducer with a body, to erase its type; its body is evaluated once, here.
  public init<R: Reducer>(_ reducer: R)
  where
    R.State == State, R.Action == Action, R.Body: Reducer, R.Body.State == State,
    R.Body.Action == Action
  {
    self.init(reducer.evaluatedBody)
  }

  /// Calls the closure.
  ///
  /// - Parameters:
  ///   - state: The state to change.
  ///   - action: The action to handle.
  /// - Returns: The effect the closure returned.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }
}
