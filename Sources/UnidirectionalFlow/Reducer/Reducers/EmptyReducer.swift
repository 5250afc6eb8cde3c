/// A reducer that does nothing; useful as a placeholder branch.
public struct EmptyReducer<State, Action>: Reducer {
  public typealias Body = Never

  /// Creates the reducer.
  public init() {}

  /// Changes nothing and starts nothing.
  ///
  /// - Parameters:
  ///   - state: The state the action changes.
  ///   - action: The action to handle.
  /// - Returns: The effects the action starts, to run after it.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}
