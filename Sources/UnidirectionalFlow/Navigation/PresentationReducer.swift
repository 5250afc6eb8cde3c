extension Reducer where Action: CasePathable {
  /// Presents an optional child feature driven by ``PresentationAction``.
  ///
  /// - `.presented(action)` runs the child, then the parent.
  /// - `.dismiss` runs the parent, then sets the child state to `nil`.
  /// - The child can close itself with the `dismiss` dependency.
  /// - Whenever the child state goes away, every effect it started is cancelled: its late
  ///   responses never arrive.
  ///
  /// ```swift
  /// .ifLet(\.twoFactor, action: \.twoFactor) { TwoFactor() }
  /// ```
  ///
  /// - Parameters:
  ///   - toWrappedState: The path of the optional child state; `nil` while nothing is
  ///     presented.
  ///   - toPresentationAction: The case path of the child's presentation actions.
  ///   - wrapped: The child's reducers.
  ///   - fileID: Where the modifier is written, for the issues it reports.
  ///   - line: The line where the modifier is written.
  /// - Returns: A reducer that runs the child, then this reducer.
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<WrappedAction>>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> PresentationReducer<Self, Wrapped>
  where Wrapped.State == WrappedState, Wrapped.Action == WrappedAction {
    PresentationReducer(
      parent: self, child: wrapped(), toChildState: toWrappedState,
      toPresentationAction: Action.casePath(toPresentationAction), fileID: fileID, line: line)
  }

  /// Presents an alert or a confirmation dialog held in an optional field; any of its actions
  /// closes it.
  ///
  /// ```swift
  /// .ifLet(\.alert, action: \.alert)
  /// ```
  ///
  /// - Parameters:
  ///   - toAlertState: The optional alert or dialog field in the parent state.
  ///   - toPresentationAction: The case of the parent action that carries its actions.
  ///   - fileID: The file an issue is reported against; the caller's by default.
  ///   - line: The line an issue is reported against; the caller's by default.
  /// - Returns: A reducer that runs this one and closes the alert or dialog on any of its
  ///   actions.
  public func ifLet<Ephemeral: EphemeralState>(
    _ toAlertState: WritableKeyPath<State, Ephemeral?>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<Ephemeral.Action>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> PresentationReducer<Self, EmptyReducer<Ephemeral, Ephemeral.Action>> {
    PresentationReducer(
      parent: self, child: EmptyReducer(), toChildState: toAlertState,
      toPresentationAction: Action.casePath(toPresentationAction), dismissesOnAnyAction: true,
      fileID: fileID, line: line)
  }
}

extension Reducer
where Action: CasePathable, Body: Reducer, Body.State == State, Body.Action == Action {
  /// Presents an optional child feature driven by ``PresentationAction``; this reducer's body
  /// is evaluated once, here (see ``Reducer``).
  ///
  /// - Parameters:
  ///   - toWrappedState: The optional child state's field in the parent state.
  ///   - toPresentationAction: The case of the parent action that carries the child's actions.
  ///   - wrapped: The child's reducer.
  ///   - fileID: The file an issue is reported against; the caller's by default.
  ///   - line: The line an issue is reported against; the caller's by default.
  /// - Returns: A reducer that runs the child while it is presented, then this reducer's body.
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<WrappedAction>>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> PresentationReducer<Body, Wrapped>
  where Wrapped.State == WrappedState, Wrapped.Action == WrappedAction {
    evaluatedBody.ifLet(
      toWrappedState, action: toPresentationAction, then: wrapped, fileID: fileID, line: line)
  }

  /// Presents an alert or a confirmation dialog held in an optional field; this reducer's body
  /// is evaluated once, here (see ``Reducer``).
  ///
  /// - Parameters:
  ///   - toAlertState: The optional alert or dialog field in the parent state.
  ///   - toPresentationAction: The case of the parent action that carries its actions.
  ///   - fileID: The file an issue is reported against; the caller's by default.
  ///   - line: The line an issue is reported against; the caller's by default.
  /// - Returns: A reducer that runs this one's body and closes the alert or dialog on any of its
  ///   actions.
  public func ifLet<Ephemeral: EphemeralState>(
    _ toAlertState: WritableKeyPath<State, Ephemeral?>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<Ephemeral.Action>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> PresentationReducer<Body, EmptyReducer<Ephemeral, Ephemeral.Action>> {
    evaluatedBody.ifLet(toAlertState, action: toPresentationAction, fileID: fileID, line: line)
  }
}

/// The reducer made by
/// ``Reducer/ifLet(_:action:then:fileID:line:)->PresentationReducer<Self,Wrapped>``.
public struct PresentationReducer<Parent: Reducer, Child: Reducer>: Reducer {
  public typealias Body = Never
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: WritableKeyPath<Parent.State, Child.State?>
  /// The byte offset of the child's optional state in the parent's (see ``InlineField``; a
  /// tracked field's storage), or -1 when it has none (a computed property): asking whether a
  /// child is presented, on every action, looks at that address instead of projecting the key
  /// path.
  @usableFromInline let childOffset: Int
  @usableFromInline let toPresentationAction:
    AnyCasePath<Parent.Action, PresentationAction<Child.Action>>
  @usableFromInline var dismissesOnAnyAction = false
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  init(
    parent: Parent, child: Child, toChildState: WritableKeyPath<Parent.State, Child.State?>,
    childOffset: Int? = nil,
    toPresentationAction: AnyCasePath<Parent.Action, PresentationAction<Child.Action>>,
    dismissesOnAnyAction: Bool = false, fileID: StaticString, line: UInt
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.childOffset = childOffset ?? InlineField.readOffset(of: toChildState) ?? -1
    self.toPresentationAction = toPresentationAction
    self.dismissesOnAnyAction = dismissesOnAnyAction
    self.fileID = fileID
    self.line = line
  }

  /// Routes presentation actions, runs the parent, and cleans up after a dismissal.
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
    let presentationAction = toPresentationAction.extract(from: action)
    if let presentationAction, state[keyPath: toChildState] == nil {
      reportIssue(
        "A presentation at \(fileID):\(line) received \(presentationAction) while nothing "
          + "was presented; the action was ignored.", severity: .warning)
      return .none
    }
    var dismisses = false
    return NavigationStep.reduce(
      parent, into: &state, action: action,
      isPresent: { [childOffset] state in
        guard childOffset >= 0 else { return state[keyPath: toChildState] != nil }
        return InlineField.isPresent(Child.State.self, at: childOffset, in: state)
      },
      navigationID: navigationID,
      runChild: { state in
        switch presentationAction {
        case nil:
          return .none
        case .dismiss?:
          dismisses = true
          return .none
        case .presented(let childAction)?:
          dismisses = dismissesOnAnyAction
          let embed = toPresentationAction.embedFunction
          return child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
            .map { embed(.presented($0)) }
            .navigationScoped(id: navigationID(), dismissAction: embed(.dismiss))
        }
      },
      afterParent: { state in
        if dismisses { state[keyPath: toChildState] = nil }
      })
  }
}
