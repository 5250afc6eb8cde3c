extension Reducer where Action: CasePathable {
  /// Runs `element` on the element of an ``IdentifiedArray`` that an action names.
  ///
  /// The element runs before the parent. When the parent removes an element, every effect that
  /// element started is cancelled. An action for a missing element is reported.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .forEach(\.todos, action: \.todos) { Todo() }
  /// ```
  ///
  /// - Parameters:
  ///   - toElements: The path of the elements' array in the state.
  ///   - toElementAction: The case path of the elements' actions, each naming its element.
  ///   - element: The reducers of one element.
  ///   - fileID: Where the modifier is written, for the issues it reports.
  ///   - line: The line where the modifier is written.
  /// - Returns: A reducer that runs the named element, then this reducer.
  public func forEach<
    ElementState, ElementAction, ElementReducer: Reducer,
    ID: Hashable & Sendable & SendableMetatype
  >(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> ElementReducer,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> ForEachReducer<Self, ID, ElementReducer>
  where ElementReducer.State == ElementState, ElementReducer.Action == ElementAction {
    ForEachReducer(
      parent: self, element: element(), toElements: toElements,
      toElementAction: Action.casePath(toElementAction), fileID: fileID, line: line)
  }
}

extension Reducer
where Action: CasePathable, Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs `element` on the element of an ``IdentifiedArray`` that an action names; this
  /// reducer's body is evaluated once, here (see ``Reducer``).
  ///
  /// - Parameters:
  ///   - toElements: The elements' field in the parent state.
  ///   - toElementAction: The case of the parent action that carries an element's actions.
  ///   - element: The reducer of one element.
  ///   - fileID: The file an issue is reported against; the caller's by default.
  ///   - line: The line an issue is reported against; the caller's by default.
  /// - Returns: A reducer that runs the named element, then this reducer's body.
  public func forEach<
    ElementState, ElementAction, ElementReducer: Reducer,
    ID: Hashable & Sendable & SendableMetatype
  >(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> ElementReducer,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> ForEachReducer<Body, ID, ElementReducer>
  where ElementReducer.State == ElementState, ElementReducer.Action == ElementAction {
    evaluatedBody.forEach(
      toElements, action: toElementAction, element: element, fileID: fileID, line: line)
  }
}

/// The reducer made by
/// ``Reducer/forEach(_:action:element:fileID:line:)->ForEachReducer<Self,ID,ElementReducer>``.
public struct ForEachReducer<
  Parent: Reducer, ID: Hashable & Sendable & SendableMetatype, Element: Reducer
>: Reducer {
  public typealias Body = Never
  let parent: Parent
  let element: Element
  let toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  let toElementAction: AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  let fileID: StaticString
  let line: UInt

  /// Runs the named element, then the parent, then cancels removed elements' effects.
  ///
  /// - Parameters:
  ///   - state: The state the action changes.
  ///   - action: The action to handle.
  /// - Returns: The effects the action starts, to run after it.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    let toElements = toElements
    return NavigationStep.reduce(
      parent, into: &state, action: action, childIDs: { $0[keyPath: toElements].ids },
      isPresent: { $0[keyPath: toElements][id: $1] != nil }, navigationID: navigationID,
      runChild: { state in
        guard case .element(let id, let elementAction)? = toElementAction.extract(from: action)
        else { return .none }
        guard state[keyPath: toElements][id: id] != nil else {
          reportIssue(
            "A forEach at \(fileID):\(line) received \(elementAction) for element \(id), which "
              + "does not exist; the action was ignored.", severity: .warning)
          return .none
        }
        let embed = toElementAction.embedFunction
        return element.reduce(into: &state[keyPath: toElements][id: id]!, action: elementAction)
          .map { embed(.element(id: id, action: $0)) }
          .navigationScoped(id: navigationID(id), dismissAction: nil)
      })
  }

  private func navigationID(_ id: ID) -> CancelID {
    CancelID(NavigationID(path: toElements, element: AnyHashable(id)))
  }
}
