import UnidirectionalFlow

/// One level of the nested benchmark tree: a feature with a count of its own that scopes into
/// a child feature, like a screen that embeds another.
///
/// Each level is a concrete type with its own `body`, as a real feature is: a key path written
/// in generic code is instantiated anew each time it is evaluated, which would measure the
/// benchmark's generics instead of the library.
protocol NestedLevel: Reducer, ManualReducer
where State == NestedState<Child.State>, Action == NestedAction<Child.Action> {
  /// The feature one level down.
  associatedtype Child: Reducer & ManualReducer where Child.Action: Sendable

  /// Creates the level.
  init()
}

extension NestedLevel {
  /// The level's own logic: counts its increments and leaves its child's actions to the child.
  static func reduceOwnActions(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count &+= 1
      return .none
    case .child:
      return .none
    }
  }

  static func apply(_ action: Action, to state: inout State) {
    switch action {
    case .increment: state.count &+= 1
    case .child(let action): Child.apply(action, to: &state.child)
    }
  }
}
