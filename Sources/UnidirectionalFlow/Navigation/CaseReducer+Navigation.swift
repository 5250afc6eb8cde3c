extension Reducer where Action: CasePathable {
  /// Runs a navigation stack whose elements are the cases of an enum reducer (`@Reducer enum
  /// Path`): its static body runs each element, so no closure is needed.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .forEach(\.path, action: \.path)
  /// ```
  ///
  /// - Parameters:
  ///   - toStack: The stack's field in the parent state.
  ///   - toStackAction: The case of the parent action that carries the stack's actions.
  ///   - fileID: The file an issue is reported against; the caller's by default.
  ///   - line: The line an issue is reported against; the caller's by default.
  /// - Returns: A reducer that runs the elements, then this reducer.
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ toStack: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> StackReducer<Self, DestinationState.CaseBody>
  where DestinationState.CaseBody.Action == DestinationAction {
    StackReducer(
      parent: self, destination: DestinationState.caseBody, toStack: toStack,
      toStackAction: Action.casePath(toStackAction), fileID: fileID, line: line)
  }
}

extension Reducer
where Action: CasePathable, Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs a navigation stack of an enum reducer's cases; this reducer's body is evaluated
  /// once, here (see ``Reducer``).
  ///
  /// - Parameters:
  ///   - toStack: The stack's field in the parent state.
  ///   - toStackAction: The case of the parent action that carries the stack's actions.
  ///   - fileID: The file an issue is reported against; the caller's by default.
  ///   - line: The line an issue is reported against; the caller's by default.
  /// - Returns: A reducer that runs the elements, then this reducer's body.
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ toStack: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> StackReducer<Body, DestinationState.CaseBody>
  where DestinationState.CaseBody.Action == DestinationAction {
    body.forEach(toStack, action: toStackAction, fileID: fileID, line: line)
  }
}
