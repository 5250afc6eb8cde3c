extension Reducer where Action: CasePathable {
  /// Runs a navigation stack: each pushed element runs `destination`, pushes and pops change
  /// the stack, and a popped element's effects are cancelled.
  ///
  /// An element can pop itself (and everything above it) with the `dismiss` dependency. The
  /// element runs before the parent; the parent sees `.popFrom` before the pop happens.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .forEach(\.path, action: \.path) { Path() }
  /// ```
  ///
  /// - Parameters:
  ///   - toStack: The path of the stack's state.
  ///   - toStackAction: The case path of the stack's actions.
  ///   - destination: The reducers of one element of the stack.
  ///   - fileID: Where the modifier is written, for the issues it reports.
  ///   - line: The line where the modifier is written.
  /// - Returns: A reducer that runs the named element, then this reducer, then the push or
  ///   pop.
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStack: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> StackReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    StackReducer(
      parent: self, destination: destination(), toStack: toStack,
      toStackAction: Action.casePath(toStackAction), fileID: fileID, line: line)
  }
}

extension Reducer
where Action: CasePathable, Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs a navigation stack; this reducer's body is evaluated once, here (see ``Reducer``).
  ///
  /// - Parameters:
  ///   - toStack: The stack's field in the parent state.
  ///   - toStackAction: The case of the parent action that carries the stack's actions.
  ///   - destination: The reducer of one element.
  ///   - fileID: The file an issue is reported against; the caller's by default.
  ///   - line: The line an issue is reported against; the caller's by default.
  /// - Returns: A reducer that runs the named element, then this reducer's body.
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStack: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> StackReducer<Body, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    evaluatedBody.forEach(
      toStack, action: toStackAction, destination: destination, fileID: fileID, line: line)
  }
}

/// The reducer made by
/// ``Reducer/forEach(_:action:destination:fileID:line:)->StackReducer<Self,Destination>``.
public struct StackReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  public typealias Body = Never
  let parent: Parent
  let destination: Destination
  let toStack: WritableKeyPath<Parent.State, StackState<Destination.State>>
  let toStackAction:
    AnyCasePath<
      Parent.Action, StackAction<Destination.State, Destination.Action>
    >
  let fileID: StaticString
  let line: UInt

  /// Routes element actions, runs the parent, then applies pushes and pops.
  ///
  /// - Parameters:
  ///   - state: The state the action changes.
  ///   - action: The action to handle.
  /// - Returns: The effects the action starts, to run after it.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    let toStack = toStack
    let embed = toStackAction.embedFunction
    let stackAction = toStackAction.extract(from: action)
    return NavigationStep.reduce(
      parent, into: &state, action: action, childIDs: { $0[keyPath: toStack].ids },
      isPresent: { $0[keyPath: toStack][id: $1] != nil }, navigationID: navigationID,
      runChild: { state in
        guard case .element(let id, let elementAction)? = stackAction else { return .none }
        guard state[keyPath: toStack][id: id] != nil else {
          reportIssue(
            "A stack at \(fileID):\(line) received \(elementAction) for element \(id), which "
              + "is not on the stack; the action was ignored.", severity: .warning)
          return .none
        }
        return destination.reduce(into: &state[keyPath: toStack][id: id]!, action: elementAction)
          .map { embed(.element(id: id, action: $0)) }
          .navigationScoped(id: navigationID(id), dismissAction: embed(.popFrom(id: id)))
      },
      afterParent: { state in
        // Pushes and pops happen after the parent ran, so that it sees them before they happen.
        switch stackAction {
        case .popFrom(let id)?:
          state[keyPath: toStack].pop(from: id)
        case .push(let id, let element)?:
          if id == state[keyPath: toStack].nextElementID {
            state[keyPath: toStack].push(element, id: id)
          } else {
            reportIssue(
              "A stack at \(fileID):\(line) was asked to push with id \(id), but the next id is "
                + "\(state[keyPath: toStack].nextElementID); the push was ignored.")
          }
        default:
          break
        }
      })
  }

  private func navigationID(_ id: StackElementID) -> CancelID {
    CancelID(NavigationID(path: toStack, element: AnyHashable(id)))
  }
}
