import UnidirectionalFlow

/// Runs `base`, and drops the effects it returns when `isDropping`: in a replay, a server's
/// answers come from the log, not from a request.
public struct EffectsDropped<Base: Reducer>: Reducer {
  /// The reducer whose effects are dropped.
  public let base: Base
  /// Whether they are dropped.
  public let isDropping: Bool

  /// Runs `base`; returns no effect when dropping.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effect = base.reduce(into: &state, action: action)
    return isDropping ? .none : effect
  }
}

extension Reducer {
  /// This reducer with its effects dropped when `condition` holds; see ``EffectsDropped``.
  public func droppingEffects(if condition: Bool) -> EffectsDropped<Self> {
    EffectsDropped(base: self, isDropping: condition)
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// This reducer's body, evaluated once, here, with its effects dropped when `condition`
  /// holds: holding the body, not the feature, keeps a store from building the body again for
  /// every action.
  public func droppingEffects(if condition: Bool) -> EffectsDropped<Body> {
    EffectsDropped(base: body, isDropping: condition)
  }
}
