/// The hand-written baseline of a scoped store: an object that keeps its parent alive and knows
/// the way to its part of the state and into the parent's actions. One allocation.
@MainActor
final class ManualScope<ParentState, ParentAction, State, Action> {
  /// The parent store or scope, kept alive by this one.
  let parent: AnyObject
  /// Where this scope's state is in the parent's.
  let toState: KeyPath<ParentState, State>
  /// How this scope's actions become the parent's.
  let toAction: @Sendable (Action) -> ParentAction

  /// Creates a scope of `parent`.
  init(
    parent: AnyObject, toState: KeyPath<ParentState, State>,
    toAction: @escaping @Sendable (Action) -> ParentAction
  ) {
    self.parent = parent
    self.toState = toState
    self.toAction = toAction
  }
}
