extension Reducer where State: CasePathable, Action: CasePathable {
  /// Runs `wrapped` while the enum state is in one case.
  ///
  /// The child runs before the parent. When the state switches to another case, every effect
  /// the old case started is cancelled. An action for an inactive case changes nothing and is
  /// reported.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .ifCaseLet(\.login, action: \.login) { Login() }
  ///   .ifCaseLet(\.newGame, action: \.newGame) { NewGame() }
  /// ```
  ///
  /// - Parameters:
  ///   - toCaseState: The case path of the child's state in the enum state.
  ///   - toCaseAction: The case path of the child's actions.
  ///   - caseReducer: The child's reducers.
  ///   - fileID: Where the modifier is written, for the issues it reports.
  ///   - line: The line where the modifier is written.
  /// - Returns: A reducer that runs the child while the state is in its case, then this
  ///   reducer.
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then caseReducer: () -> Case,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> IfCaseLetReducer<Self, Case> where Case.State == CaseState, Case.Action == CaseAction {
    IfCaseLetReducer(
      parent: self, child: caseReducer(), toCaseStateKeyPath: toCaseState,
      toCaseState: State.casePath(toCaseState), toCaseAction: Action.casePath(toCaseAction),
      fileID: fileID, line: line)
  }
}

extension Reducer
where
  State: CasePathable, Action: CasePathable, Body: Reducer, Body.State == State,
  Body.Action == Action
{
  /// Runs `wrapped` while the enum state is in one case; this reducer's body is evaluated
  /// once, here (see ``Reducer``).
  ///
  /// - Parameters:
  ///   - toCaseState: The case of the parent state that holds the child state.
  ///   - toCaseAction: The case of the parent action that carries the child's actions.
  ///   - caseReducer: The child's reducer.
  ///   - fileID: The file an issue is reported against; the caller's by default.
  ///   - line: The line an issue is reported against; the caller's by default.
  /// - Returns: A reducer that runs the child while the state is in that case, then this reducer's
  ///   body.
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then caseReducer: () -> Case,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> IfCaseLetReducer<Body, Case> where Case.State == CaseState, Case.Action == CaseAction {
    evaluatedBody.ifCaseLet(
      toCaseState, action: toCaseAction, then: caseReducer, fileID: fileID, line: line)
  }
}

/// The reducer made by
/// ``Reducer/ifCaseLet(_:action:then:fileID:line:)->IfCaseLetReducer<Self,Case>``.
public struct IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer
where Parent.State: CasePathable {
  public typealias Body = Never
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toCaseStateKeyPath: AnyKeyPath
  @usableFromInline let toCaseState: AnyCasePath<Parent.State, Child.State>
  @usableFromInline let toCaseAction: AnyCasePath<Parent.Action, Child.Action>
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  /// Runs the case's reducer (if active), then the parent, then cancels a left case's effects.
  ///
  /// - Parameters:
  ///   - state: The state the action changes.
  ///   - action: The action to handle.
  /// - Returns: The effects the action starts, to run after it.
  // Inlinable, as `Scope` is, so that it runs specialized for the feature, not as generic code
  // looking up metadata per action (`benchmarks app`).
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    let toCaseState = toCaseState
    let toCaseStateKeyPath = toCaseStateKeyPath
    // Computed when used: most actions neither start nor cancel a child effect.
    let navigationID = { NavigationID.cancelID(path: toCaseStateKeyPath) }
    return NavigationStep.reduce(
      parent, into: &state, action: action, isPresent: { toCaseState.extract(from: $0) != nil },
      navigationID: navigationID,
      runChild: { state in
        guard let childAction = toCaseAction.extract(from: action) else { return .none }
        guard var childState = toCaseState.extract(from: state) else {
          reportIssue(
            "An ifCaseLet at \(fileID):\(line) received \(childAction) while the state was in "
              + "another case; the action was ignored.", severity: .warning)
          return .none
        }
        let effect = child.reduce(into: &childState, action: childAction)
        state = toCaseState.embed(childState)
        return effect.map(toCaseAction.embedFunction)
          .navigationScoped(id: navigationID(), dismissAction: nil)
      })
  }
}
