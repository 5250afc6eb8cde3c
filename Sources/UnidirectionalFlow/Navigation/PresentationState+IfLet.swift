extension Reducer where Action: CasePathable {
  /// Presents a child feature declared `@Presents var child: Child.State?`:
  /// `.ifLet(\.$child, action: \.child) { Child() }`. Behaves as the form that takes an
  /// optional field.
  ///
  /// - Parameters:
  ///   - toPresentationState: The `@Presents` field's projection, `\.$child`.
  ///   - toPresentationAction: The case of the parent action that carries the child's actions.
  ///   - wrapped: The child's reducer.
  ///   - fileID: The file an issue is reported against; the caller's by default.
  ///   - line: The line an issue is reported against; the caller's by default.
  /// - Returns: A reducer that runs the child while it is presented, then this reducer.
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<WrappedState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<WrappedAction>>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> some Reducer<State, Action>
  where Wrapped.State == WrappedState, Wrapped.Action == WrappedAction {
    PresentationReducer(
      parent: self, child: wrapped(),
      toChildState: toPresentationState.appending(path: \.wrappedValue),
      childOffset: InlineField.presentedOffset(of: toPresentationState),
      toPresentationAction: Action.casePath(toPresentationAction), fileID: fileID, line: line)
  }

  /// Presents an alert or a confirmation dialog declared
  /// `@Presents var alert: AlertState<Alert>?`; any of its actions closes it.
  ///
  /// - Parameters:
  ///   - toAlertState: The `@Presents` field's projection, `\.$alert`.
  ///   - toPresentationAction: The case of the parent action that carries its actions.
  ///   - fileID: The file an issue is reported against; the caller's by default.
  ///   - line: The line an issue is reported against; the caller's by default.
  /// - Returns: A reducer that runs this one and closes the alert or dialog on any of its
  ///   actions.
  public func ifLet<Ephemeral: EphemeralState>(
    _ toAlertState: WritableKeyPath<State, PresentationState<Ephemeral>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<Ephemeral.Action>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> some Reducer<State, Action> {
    PresentationReducer(
      parent: self, child: EmptyReducer(),
      toChildState: toAlertState.appending(path: \.wrappedValue),
      childOffset: InlineField.presentedOffset(of: toAlertState),
      toPresentationAction: Action.casePath(toPresentationAction), dismissesOnAnyAction: true,
      fileID: fileID, line: line)
  }

  /// Presents the destinations of an enum reducer (`@Reducer enum Destination`) declared
  /// `@Presents var destination: Destination.State?`, without a closure:
  /// `.ifLet(\.$destination, action: \.destination)`.
  ///
  /// - Parameters:
  ///   - toPresentationState: The `@Presents` field's projection, `\.$destination`.
  ///   - toPresentationAction: The case of the parent action that carries the destination's
  ///     actions.
  ///   - fileID: The file an issue is reported against; the caller's by default.
  ///   - line: The line an issue is reported against; the caller's by default.
  /// - Returns: A reducer that runs the presented case's feature, then this reducer.
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> some Reducer<State, Action>
  where DestinationState.CaseBody.Action == DestinationAction {
    PresentationReducer(
      parent: self, child: DestinationState.caseBody,
      toChildState: toPresentationState.appending(path: \.wrappedValue),
      childOffset: InlineField.presentedOffset(of: toPresentationState),
      toPresentationAction: Action.casePath(toPresentationAction), fileID: fileID, line: line)
  }
}

extension Reducer
where Action: CasePathable, Body: Reducer, Body.State == State, Body.Action == Action {
  /// Presents a `@Presents` child feature; this reducer's body is evaluated once, here (see
  /// ``Reducer``).
  ///
  /// - Parameters:
  ///   - toPresentationState: The `@Presents` field's projection, `\.$child`.
  ///   - toPresentationAction: The case of the parent action that carries the child's actions.
  ///   - wrapped: The child's reducer.
  ///   - fileID: The file an issue is reported against; the caller's by default.
  ///   - line: The line an issue is reported against; the caller's by default.
  /// - Returns: A reducer that runs the child while it is presented, then this reducer's body.
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<WrappedState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<WrappedAction>>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> some Reducer<State, Action>
  where Wrapped.State == WrappedState, Wrapped.Action == WrappedAction {
    body.ifLet(
      toPresentationState, action: toPresentationAction, then: wrapped, fileID: fileID,
      line: line)
  }

  /// Presents a `@Presents` alert or confirmation dialog; this reducer's body is evaluated
  /// once, here (see ``Reducer``).
  ///
  /// - Parameters:
  ///   - toAlertState: The `@Presents` field's projection, `\.$alert`.
  ///   - toPresentationAction: The case of the parent action that carries its actions.
  ///   - fileID: The file an issue is reported against; the caller's by default.
  ///   - line: The line an issue is reported against; the caller's by default.
  /// - Returns: A reducer that runs this one's body and closes the alert or dialog on any of its
  ///   actions.
  public func ifLet<Ephemeral: EphemeralState>(
    _ toAlertState: WritableKeyPath<State, PresentationState<Ephemeral>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<Ephemeral.Action>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> some Reducer<State, Action> {
    body.ifLet(toAlertState, action: toPresentationAction, fileID: fileID, line: line)
  }

  /// Presents the destinations of an enum reducer; this reducer's body is evaluated once,
  /// here (see ``Reducer``).
  ///
  /// - Parameters:
  ///   - toPresentationState: The `@Presents` field's projection, `\.$destination`.
  ///   - toPresentationAction: The case of the parent action that carries the destination's
  ///     actions.
  ///   - fileID: The file an issue is reported against; the caller's by default.
  ///   - line: The line an issue is reported against; the caller's by default.
  /// - Returns: A reducer that runs the presented case's feature, then this reducer's body.
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> some Reducer<State, Action>
  where DestinationState.CaseBody.Action == DestinationAction {
    body.ifLet(toPresentationState, action: toPresentationAction, fileID: fileID, line: line)
  }
}
