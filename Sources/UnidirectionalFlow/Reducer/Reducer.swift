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
///
/// ## When the body is evaluated
/// A reducer with a body is replaced by its body where it is listed: in a `@ReducerBuilder`
/// block (a `body`, a `Scope`, a navigation modifier's child, the closure given to a store),
/// as the receiver of a modifier, or given to `Reduce(_:)`. Its body is evaluated then, once,
/// and so is every body it lists; a store runs the resulting tree for every action. A store
/// builds its reducer inside its dependencies, so a body that reads a dependency sees the
/// store's values, `.dependency` overrides applied to that reducer included (but not those
/// applied to a composite that lists it, `Scope { Leaf() }.dependency(…)`: `Leaf`'s body was
/// built when the `Scope` was, before the override). Dependencies read
/// inside reducers (an `@Dependency` property read in a `Reduce` closure or in
/// `reduce(into:action:)`) are read when an action is reduced, so they see the values current
/// then. A body should only describe which reducers run; it should not read anything that
/// changes between actions.
///
/// A reducer that implements `body` is run through its body: a `reduce(into:action:)` written
/// next to a `body` is not called by a store.
///
/// Calling `reduce(into:action:)` on a reducer with a body evaluates the body anew, every
/// time. Outside a store that is harmless; inside one it rebuilds the body for every action.
/// So a reducer that wraps another holds what the other's body builds: it takes the wrapped
/// reducer in a `@ReducerBuilder` closure, or offers an overload for reducers with a body, as
/// ``Reducer/dependency(_:_:)->DependencyReducer<Self.Body>`` does. Code generic over a reducer
/// (`func make<R: Reducer>(_: R)`) sees no body: list the reducer where its type is known. A
/// body evaluated while a store reduces an action is reported, once per reducer type.
public protocol Reducer<State, Action> {
  /// The feature's state.
  associatedtype State
  /// Everything that can happen in the feature.
  associatedtype Action
  /// The reducer that ``body`` builds; `Never` for a reducer that implements `reduce` itself.
  associatedtype Body

  /// Changes `state` for `action` and returns the effects to run next.
  ///
  /// - Parameters:
  ///   - state: The feature's state, to change in place.
  ///   - action: What happened.
  /// - Returns: The effect to run next; `.none` for none.
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
  /// Runs the reducers listed in ``body``, evaluating it anew.
  ///
  /// A store does not call this: it runs the body evaluated once (see "When the body is
  /// evaluated" above); this is for a reducer called directly.
  ///
  /// - Parameters:
  ///   - state: The feature's state, to change in place.
  ///   - action: What happened.
  /// - Returns: The effects the body's reducers returned, merged.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    evaluatedBody.reduce(into: &state, action: action)
  }
}

/// A reducer of the given feature: `ReducerOf<Login>` is `Reducer<Login.State, Login.Action>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
