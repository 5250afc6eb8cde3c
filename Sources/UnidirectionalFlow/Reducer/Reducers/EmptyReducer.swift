/// A reducer that does nothing; useful as a placeholder branch.
public struct EmptyReducer<State, Action>: Reducer {
  public typealias Body = Never

  /// Creates the reducer.
  public init() {}

  /// Changes nothing and starts nothing.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}
