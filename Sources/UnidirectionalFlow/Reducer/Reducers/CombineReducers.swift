/// Groups reducers so that a modifier applies to all of them.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.game, action: \.game) { Game() }
///   Reduce { state, action in .none }
/// }
/// .dependency(\.uuid, .incrementing)
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  public typealias Body = Never
  let reducers: Reducers

  /// Combines the reducers built by `build`, which run in the order they are listed.
  ///
  /// - Parameter build: Lists the reducers.
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  /// Runs the grouped reducers.
  ///
  /// - Parameters:
  ///   - state: The state the reducers change, one after the other.
  ///   - action: The action each of them handles.
  /// - Returns: Their effects, merged.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
