/// An enum of child features that is a reducer, as `@Reducer enum` makes it: its static
/// ``body`` runs each child on its own case, and its `State` and `Action` are the enums the
/// macro writes. Being a ``Reducer``, it names its types as a struct feature does:
/// `StackActionOf<Path>`, `StoreOf<Path>`, `ReducerOf<Path>`.
///
/// ```swift
/// @Reducer
/// enum Path {
///   case login(Login)
///   case game(Game)
/// }
/// // in the parent: case path(StackActionOf<Path>), and .forEach(\.path, action: \.path)
/// ```
///
/// Conform to it with `@Reducer`, not by hand. A store runs `Path.body`, evaluated once; an
/// instance of the enum is never needed. Its reducer is its static body, not an instance
/// `body` (its `Body` is `Never`): the compiler would infer an instance `body`'s type from the
/// `Never` default before the static one.
public protocol CaseReducer<State, Action>: Reducer where Body == Never {
  /// The type of the static ``body``.
  associatedtype CaseBody: Reducer<State, Action>

  /// The reducer of the enum: each child feature run on its own case.
  @ReducerBuilder<State, Action>
  static var body: CaseBody { get }
}

extension CaseReducer {
  /// Runs the static ``body``, evaluated anew (a store evaluates it once: give it `Path.body`).
  ///
  /// - Parameters:
  ///   - state: The active case's state, to change in place.
  ///   - action: What happened in it.
  /// - Returns: The effect to run next.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Self.body.reduce(into: &state, action: action)
  }
}
