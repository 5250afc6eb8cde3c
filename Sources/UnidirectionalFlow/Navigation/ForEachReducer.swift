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

/// The reducer made by ``Reducer/forEach(_:action:element:fileID:line:)``.
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
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    var elementEffect = Effect<Parent.Action>.none
    if case .element(let id, let elementAction)? = toElementAction.extract(from: action) {
      if state[keyPath: toElements][id: id] != nil {
        let embed = toElementAction.embedFunction
        elementEffect = element.reduce(
          into: &state[keyPath: toElements][id: id]!, action: elementAction
        )
        .map { embed(.element(id: id, action: $0)) }
        .navigationScoped(id: navigationID(id), dismissAction: nil)
      } else {
        reportIssue(
          "A forEach at \(fileID):\(line) received \(elementAction) for element \(id), which "
            + "does not exist; the action was ignored.", severity: .warning)
      }
    }
    let idsBefore = state[keyPath: toElements].ids
    let parentEffect = parent.reduce(into: &state, action: action)
    let elementsAfter = state[keyPath: toElements]
    guard idsBefore != elementsAfter.ids else { return elementEffect.merging(parentEffect) }
    let cancelEffects = idsBefore.filter { elementsAfter[id: $0] == nil }
      .map { Effect<Parent.Action>.cancel(navigation: navigationID($0)) }
    return elementEffect.merging(parentEffect).merging(.merge(cancelEffects))
  }

  /// The parent's and the element's runners, routed the same way.
  public func _makeRunner() -> ForEachReducer<Parent._Runner, ID, Element._Runner> {
    ForEachReducer<Parent._Runner, ID, Element._Runner>(
      parent: parent._makeRunner(), element: element._makeRunner(), toElements: toElements,
      toElementAction: toElementAction, fileID: fileID, line: line)
  }

  private func navigationID(_ id: ID) -> CancelID {
    CancelID(NavigationID(path: toElements, element: AnyHashable(id)))
  }
}
