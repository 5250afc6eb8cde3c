/// Builds a reducer from a list of reducers that run one after the other.
///
/// Used by ``Reducer/body`` and ``CombineReducers``; supports `if`, `if`/`else` and `switch`.
///
/// Every function consumes the reducers it is given, so that they move into the result: copying
/// a reducer retains each key path and closure it holds.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// A lone reducer that implements `reduce(into:action:)`.
  ///
  /// - Parameter reducer: The reducer.
  /// - Returns: The same reducer.
  public static func buildExpression<R: Reducer>(_ reducer: consuming R) -> R
  where R.State == State, R.Action == Action {
    reducer
  }

  /// A lone reducer with a body: its body, evaluated once, here (see ``Reducer``).
  ///
  /// Chosen over the overload above for any reducer with a body, because its constraints are
  /// stricter; the type is known where the reducer is listed, so what runs is specialized for it.
  ///
  /// - Parameter reducer: The reducer.
  /// - Returns: Its body.
  public static func buildExpression<R: Reducer>(_ reducer: consuming R) -> R.Body
  where
    R.State == State, R.Action == Action, R.Body: Reducer, R.Body.State == State,
    R.Body.Action == Action
  {
    reducer.evaluatedBody
  }

  /// An empty block does nothing.
  ///
  /// - Returns: A reducer that does nothing.
  public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  /// The first reducer of a block.
  ///
  /// - Parameter first: The block's first reducer.
  /// - Returns: The same reducer.
  public static func buildPartialBlock<R: Reducer>(first: consuming R) -> R
  where R.State == State, R.Action == Action {
    first
  }

  /// The reducers so far, followed by one more.
  ///
  /// - Parameters:
  ///   - accumulated: The reducers so far, combined.
  ///   - next: The next reducer of the block.
  /// - Returns: A reducer that runs `accumulated`, then `next`.
  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: consuming R0, next: consuming R1
  ) -> CombinedReducer<R0, R1> where R0.State == State, R0.Action == Action {
    CombinedReducer(accumulated, next)
  }

  /// An `if` without `else`.
  ///
  /// - Parameter reducer: The branch's reducer, or `nil` when it was not taken.
  /// - Returns: A reducer that runs it, if any.
  public static func buildOptional<R: Reducer>(_ reducer: consuming R?) -> OptionalReducer<R>
  where R.State == State, R.Action == Action {
    OptionalReducer(reducer)
  }

  /// The `if` branch of an `if`/`else` or the first branch of a `switch`.
  ///
  /// - Parameter first: The branch's reducer.
  /// - Returns: A reducer that runs it.
  public static func buildEither<First: Reducer, Second: Reducer>(
    first: consuming First
  ) -> EitherReducer<First, Second> where First.State == State, First.Action == Action {
    .first(first)
  }

  /// The `else` branch of an `if`/`else` or a later branch of a `switch`.
  ///
  /// - Parameter second: The branch's reducer.
  /// - Returns: A reducer that runs it.
  public static func buildEither<First: Reducer, Second: Reducer>(
    second: consuming Second
  ) -> EitherReducer<First, Second> where Second.State == State, Second.Action == Action {
    .second(second)
  }
}

/// Two reducers run one after the other; what ``ReducerBuilder`` makes of a list.
public struct CombinedReducer<R0: Reducer, R1: Reducer>: Reducer
where R0.State == R1.State, R0.Action == R1.Action {
  public typealias Body = Never
  let r0: R0
  let r1: R1

  init(_ r0: R0, _ r1: R1) {
    self.r0 = r0
    self.r1 = r1
  }

  /// Runs the first reducer, then the second, and merges their effects.
  ///
  /// - Parameters:
  ///   - state: The state the action changes.
  ///   - action: The action to handle.
  /// - Returns: The effects the action starts, to run after it.
  public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
    let first = r0.reduce(into: &state, action: action)
    return first.merging(r1.reduce(into: &state, action: action))
  }
}

/// A reducer that runs only if it exists; what ``ReducerBuilder`` makes of an `if`.
public struct OptionalReducer<Wrapped: Reducer>: Reducer {
  public typealias Body = Never
  let wrapped: Wrapped?

  init(_ wrapped: Wrapped?) { self.wrapped = wrapped }

  /// Runs the wrapped reducer, if any.
  ///
  /// - Parameters:
  ///   - state: The state the action changes.
  ///   - action: The action to handle.
  /// - Returns: The effects the action starts, to run after it.
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<
    Wrapped.Action
  > {
    wrapped?.reduce(into: &state, action: action) ?? .none
  }
}

/// One of two reducers; what ``ReducerBuilder`` makes of `if`/`else` and `switch`.
public enum EitherReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  public typealias Body = Never
  /// The first branch.
  case first(First)
  /// The second branch.
  case second(Second)

  /// Runs whichever branch was taken.
  ///
  /// - Parameters:
  ///   - state: The state the action changes.
  ///   - action: The action to handle.
  /// - Returns: The effects the action starts, to run after it.
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch self {
    case .first(let reducer): reducer.reduce(into: &state, action: action)
    case .second(let reducer): reducer.reduce(into: &state, action: action)
    }
  }
}
