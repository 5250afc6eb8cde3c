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
  ///
  /// - Parameters:
  ///   - toWrappedState: The path of the optional child state.
  ///   - toWrappedAction: The case path of the child's actions.
  ///   - wrapped: The child's reducers.
  ///   - fileID: Where the modifier is written, for the issues it reports.
  ///   - line: The line where the modifier is written.
  /// - Returns: A reducer that runs the child, then this reducer.
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

extension Reducer
where Action: CasePathable, Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs `wrapped` on an optional child state while it exists; this reducer's body is
  /// evaluated once, here (see ``Reducer``).
  ///
  /// - Parameters:
  ///   - toWrappedState: The optional child state's field in the parent state.
  ///   - toWrappedAction: The case of the parent action that carries the child's actions.
  ///   - wrapped: The child's reducer.
  ///   - fileID: The file an issue is reported against; the caller's by default.
  ///   - line: The line an issue is reported against; the caller's by default.
  /// - Returns: A reducer that runs the child while it exists, then this reducer's body.
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> IfLetReducer<Body, Wrapped>
  where Wrapped.State == WrappedState, Wrapped.Action == WrappedAction {
    evaluatedBody.ifLet(
      toWrappedState, action: toWrappedAction, then: wrapped, fileID: fileID, line: line)
  }
}

/// The reducer made by
/// ``Reducer/ifLet(_:action:then:fileID:line:)->IfLetReducer<Self,Wrapped>``.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  public typealias Body = Never
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: WritableKeyPath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  /// Runs the child (if present), then the parent, then cancels a removed child's effects.
  ///
  /// - Parameters:
  ///   - state: The state the action changes.
  ///   - action: The action to handle.
  /// - Returns: The effects the action starts, to run after it.
  // Inlinable, as `Scope` is, so that it runs specialized for the feature.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    let toChildState = toChildState
    // Computed when used: most actions neither start nor cancel a child effect.
    let navigationID = { NavigationID.cancelID(path: toChildState) }
    return NavigationStep.reduce(
      parent, into: &state, action: action, isPresent: { $0[keyPath: toChildState] != nil },
      navigationID: navigationID,
      runChild: { state in
        guard let childAction = toChildAction.extract(from: action) else { return .none }
        guard state[keyPath: toChildState] != nil else {
          reportIssue(
            "An ifLet at \(fileID):\(line) received \(childAction) while its child state was "
              + "nil; the action was ignored.", severity: .warning)
          return .none
        }
        return child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
          .map(toChildAction.embedFunction)
          .navigationScoped(id: navigationID(), dismissAction: nil)
      })
  }
}
