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

  /// Wraps any reducer, to erase its type; a reducer with a body is replaced by its body,
  /// evaluated once, here.
  ///
  /// - Parameter reducer: The reducer to wrap.
  // An existential, not a generic parameter: with a generic `init<R: Reducer>(_: R)` next to
  // the closure's, a type error inside a `Reduce { state, action in ... }` closure is reported
  // as "'(_, _) -> _' cannot conform to 'Reducer'" on the `Reduce` line instead of where it is
  // (`ReduceDiagnosticsTests`). The reducer is opened once, here.
  public init(_ reducer: any Reducer<State, Action>) {
    self.reduce = Self.function(running: reducer)
  }

  /// The function that runs `reducer`, or the reducer its body builds if it has one.
  private static func function<R: Reducer>(
    running reducer: R
  ) -> (inout State, Action) -> Effect<Action> where R.State == State, R.Action == Action {
    guard R.Body.self != Never.self else { return reducer.reduce(into:action:) }
    BodyEvaluation.note(R.self)
    guard let body = reducer.body as? any Reducer<State, Action> else {
      return reducer.reduce(into:action:)
    }
    return function(running: body)
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
