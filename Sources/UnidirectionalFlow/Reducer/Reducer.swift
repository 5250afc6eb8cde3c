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
/// ## When `body` is evaluated
/// A store evaluates `body` once, when the store is created (inside the store's dependencies),
/// together with the body of every reducer the body lists, and runs the resulting tree for
/// every action. Dependencies read inside reducers (an `@Dependency` property read in a
/// `Reduce` closure or in `reduce(into:action:)`) are read when an action is reduced, so they
/// see the values current then, `.dependency` overrides included. A body should only describe
/// which reducers run; it should not read anything that changes between actions.
/// A reducer that implements `body` is run through its body: a `reduce(into:action:)` written
/// next to a `body` is not called by a store.
public protocol Reducer<State, Action> {
  /// The feature's state.
  associatedtype State
  /// Everything that can happen in the feature.
  associatedtype Action
  /// The reducer that ``body`` builds; `Never` for a reducer that implements `reduce` itself.
  associatedtype Body
  /// The reducer a store runs for this one: it, with every ``body`` in it evaluated.
  ///
  /// An implementation detail: the library's default implementations of ``_makeRunner()``
  /// decide it, and features need not (and should not) name it.
  associatedtype _Runner: Reducer = Self where _Runner.State == State, _Runner.Action == Action

  /// Changes `state` for `action` and returns the effects to run next.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this feature is made of, listed in the order they run.
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// Evaluates ``body``, and the bodies of the reducers it lists, once, and returns the
  /// reducer that runs for every action; a store calls it when it is created.
  ///
  /// An implementation detail: a reducer that implements `reduce(into:action:)` is its own
  /// runner, one that implements `body` runs its body's runner, and the library's composing
  /// reducers build their children's runners. Features do not implement it.
  func _makeRunner() -> _Runner
}

extension Reducer where Body == Never {
  /// A reducer that implements `reduce(into:action:)` has no body.
  public var body: Body {
    fatalError("'\(Self.self)' implements reduce(into:action:) and has no body.")
  }

  /// A reducer that implements `reduce(into:action:)` runs itself.
  ///
  /// Declared to return `_Runner` (which defaults to `Self`) rather than `Self`, so that it
  /// takes no part in inferring `_Runner`: for a reducer with a body, the only candidate is
  /// then its body's runner.
  @inlinable
  public func _makeRunner() -> _Runner {
    guard let runner = self as? _Runner else {
      fatalError("'\(Self.self)' names a _Runner other than itself but does not make it.")
    }
    return runner
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs the reducers listed in ``body``, evaluating it anew.
  ///
  /// A store does not call this: it evaluates the body once, with ``_makeRunner()``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }

  /// Evaluates ``body`` once and returns its runner.
  @inlinable
  public func _makeRunner() -> Body._Runner { body._makeRunner() }
}

/// A reducer of the given feature: `ReducerOf<Login>` is `Reducer<Login.State, Login.Action>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
