extension Reducer {
  /// Overrides a dependency for this reducer and the effects it starts.
  ///
  /// ```swift
  /// Feature()
  ///   .dependency(\.uuid, .incrementing)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency's property on ``DependencyValues``.
  ///   - value: Its value for this reducer and its effects.
  /// - Returns: This reducer, run with the override.
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> DependencyReducer<Self> where Value: Sendable {
    DependencyReducer(base: self) { $0[keyPath: keyPath] = value }
  }

  /// Changes dependencies for this reducer and the effects it starts.
  ///
  /// - Parameter update: Changes the dependencies.
  /// - Returns: A reducer that runs this one with the changed dependencies.
  public func transformDependency(
    _ update: @escaping @Sendable (inout DependencyValues) -> Void
  ) -> DependencyReducer<Self> {
    DependencyReducer(base: self, update: update)
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Overrides a dependency for this reducer's body, which is evaluated with the override, and
  /// for the effects it starts.
  ///
  /// - Parameters:
  ///   - keyPath: The dependency.
  ///   - value: Its value for this reducer.
  /// - Returns: A reducer that runs this one's body with the override.
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> DependencyReducer<Body> where Value: Sendable {
    transformDependency { $0[keyPath: keyPath] = value }
  }

  /// Changes dependencies for this reducer's body, which is evaluated with them, and for the
  /// effects it starts.
  ///
  /// - Parameter update: Changes the dependencies.
  /// - Returns: A reducer that runs this one's body with the changed dependencies.
  public func transformDependency(
    _ update: @escaping @Sendable (inout DependencyValues) -> Void
  ) -> DependencyReducer<Body> {
    DependencyReducer(base: withDependencies(update) { evaluatedBody }, update: update)
  }
}

/// The reducer made by ``Reducer/dependency(_:_:)->DependencyReducer<Self>``.
public struct DependencyReducer<Base: Reducer>: Reducer {
  public typealias Body = Never
  let base: Base
  let update: @Sendable (inout DependencyValues) -> Void

  /// Runs the base reducer with the changed dependencies.
  ///
  /// - Parameters:
  ///   - state: The state the action changes.
  ///   - action: The action to handle.
  /// - Returns: The effects the action starts, to run after it.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    withDependencies(update) { base.reduce(into: &state, action: action) }
  }
}
