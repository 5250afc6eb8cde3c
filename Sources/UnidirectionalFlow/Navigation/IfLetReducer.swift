extension Reducer where Action: CasePathable {
  /// Runs `wrapped` on an optional child state while it exists.
  ///
  /// The child runs before the parent, so the parent sees the child's changes. When the parent
  /// sets the child state to `nil`, every effect the child started is cancelled. An action for
  /// an absent child changes nothing and is reported.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .ifLet(\.editor, action: \.editor) { Editor() }
  /// ```
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> IfLetReducer<Self, Wrapped>
  where Wrapped.State == WrappedState, Wrapped.Action == WrappedAction {
    IfLetReducer(
      parent: self, child: wrapped(), toChildState: toWrappedState,
      toChildAction: Action.casePath(toWrappedAction), fileID: fileID, line: line)
  }
}

/// The reducer made by ``Reducer/ifLet(_:action:then:fileID:line:)->IfLetReducer<Self,Wrapped>``.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  public typealias Body = Never
  let parent: Parent
  let child: Child
  let toChildState: WritableKeyPath<Parent.State, Child.State?>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let fileID: StaticString
  let line: UInt

  /// Runs the child (if present), then the parent, then cancels a removed child's effects.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    // Computed when used: most actions neither start nor cancel a child effect.
    var navigationID: CancelID { CancelID(NavigationID(path: toChildState)) }
    var childEffect = Effect<Parent.Action>.none
    if let childAction = toChildAction.extract(from: action) {
      if state[keyPath: toChildState] != nil {
        childEffect = child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
          .map(toChildAction.embedFunction)
          .navigationScoped(id: navigationID, dismissAction: nil)
      } else {
        reportIssue(
          "An ifLet at \(fileID):\(line) received \(childAction) while its child state was "
            + "nil; the action was ignored.", severity: .warning)
      }
    }
    let wasPresent = state[keyPath: toChildState] != nil
    let parentEffect = parent.reduce(into: &state, action: action)
    let cancelEffect: Effect<Parent.Action> =
      wasPresent && state[keyPath: toChildState] == nil ? .cancel(navigation: navigationID) : .none
    return childEffect.merging(parentEffect).merging(cancelEffect)
  }

  /// The parent's and the child's runners, routed the same way.
  public func _makeRunner() -> IfLetReducer<Parent._Runner, Child._Runner> {
    IfLetReducer<Parent._Runner, Child._Runner>(
      parent: parent._makeRunner(), child: child._makeRunner(), toChildState: toChildState,
      toChildAction: toChildAction, fileID: fileID, line: line)
  }
}
