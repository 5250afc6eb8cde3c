/// A feature's logic: how an action changes the state, and which effects it starts.
///
/// A feature implements either ``reduce(into:action:)`` directly, or ``body`` to compose other
/// reducers, which run in the order they are listed:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///
///   var body: some Reducer<State, Action> {
///     Reduce { state, action in
///       switch action {
///       case .incrementButtonTapped:
///         state.count += 1
///         return .none
///       }
///     }
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The feature's state.
  associatedtype State
  /// Everything that can happen in the feature.
  associatedtype Action
  /// The reducer that ``body`` builds; `Never` for a reducer that implements `reduce` itself.
  associatedtype Body

  /// Changes `state` for `action` and returns the effects to run next.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this feature is made of, listed in the order they run.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension Reducer where Body == Never {
  /// A reducer that implements `reduce(into:action:)` has no body.
  public var body: Body {
    fatalError("'\(Self.self)' implements reduce(into:action:) and has no body.")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs the reducers listed in ``body``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// A reducer of the given feature: `ReducerOf<Login>` is `Reducer<Login.State, Login.Action>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
