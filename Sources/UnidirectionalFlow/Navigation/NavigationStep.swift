/// What the five navigation reducers (`ifLet`, `ifCaseLet`, presentation, `forEach` and the
/// stack) do around their parent, in one place.
///
/// A step runs the child part, notes which children are present, runs the parent (and what
/// the reducer does after it, such as a pop), cancels every effect of a child that was present
/// before the parent ran and is absent after, and merges the three effects in that order.
/// Changing how children and parents are ordered, or when a child's effects are cancelled, is
/// a change to this file alone.
@usableFromInline
enum NavigationStep {
  /// Runs `runChild` (which routes the action to a child, if it is for one), then `parent`,
  /// then `afterParent`; cancels removed children's effects and merges everything.
  ///
  /// - Parameters:
  ///   - childIDs: The children present in a state, in an order that changes only when they do.
  ///   - isPresent: Whether one child is present in a state.
  ///   - navigationID: The navigation scope of a child's effects.
  ///
  /// Every function is non-escaping: a step allocates nothing unless a child is removed.
  // Inlinable, as the navigation reducers are, so that it runs specialized for the feature.
  @inlinable
  static func reduce<Parent: Reducer, ChildIDs: Collection & Equatable>(
    _ parent: Parent, into state: inout Parent.State, action: Parent.Action,
    childIDs: (Parent.State) -> ChildIDs,
    isPresent: (Parent.State, ChildIDs.Element) -> Bool,
    navigationID: (ChildIDs.Element) -> CancelID,
    runChild: (inout Parent.State) -> Effect<Parent.Action>,
    afterParent: (inout Parent.State) -> Void = { _ in }
  ) -> Effect<Parent.Action> {
    let childEffect = runChild(&state)
    let before = childIDs(state)
    let parentEffect = parent.reduce(into: &state, action: action)
    afterParent(&state)
    let effect = childEffect.merging(parentEffect)
    // Most actions change no child: one comparison, and no cancellation built.
    guard !before.isEmpty, before != childIDs(state) else { return effect }
    let cancellations = before.filter { !isPresent(state, $0) }
      .map { Effect<Parent.Action>.cancel(navigation: navigationID($0)) }
    return effect.merging(.merge(cancellations))
  }

  /// A step for a reducer with at most one child, present while `isPresent` says so, whose
  /// effects run in the navigation scope `navigationID`.
  @inlinable
  static func reduce<Parent: Reducer>(
    _ parent: Parent, into state: inout Parent.State, action: Parent.Action,
    isPresent: (Parent.State) -> Bool,
    navigationID: () -> CancelID,
    runChild: (inout Parent.State) -> Effect<Parent.Action>,
    afterParent: (inout Parent.State) -> Void = { _ in }
  ) -> Effect<Parent.Action> {
    // A range of one or no element: the one child as a collection, with no allocation.
    reduce(
      parent, into: &state, action: action, childIDs: { 0..<(isPresent($0) ? 1 : 0) },
      isPresent: { state, _ in isPresent(state) }, navigationID: { _ in navigationID() },
      runChild: runChild, afterParent: afterParent)
  }
}
