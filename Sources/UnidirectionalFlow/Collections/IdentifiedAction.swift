/// An action of one element of an ``IdentifiedArray``.
///
/// ```swift
/// enum Action {
///   case todos(IdentifiedActionOf<Todo>)
/// }
/// store.send(.todos(.element(id: 1, action: .checkBoxToggled)))
/// ```
public enum IdentifiedAction<ID: Hashable & Sendable, Action> {
  /// `action` sent to the element with `id`.
  case element(id: ID, action: Action)
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Sendable where Action: Sendable {}

extension IdentifiedAction: CasePathable {
  /// The case paths of ``IdentifiedAction``: `\.todos[id: 1]` names one element's actions.
  public struct AllCasePaths: Sendable {
    /// The actions of the element with `id`.
    ///
    /// - Parameter id: The element's identifier.
    /// - Returns: The case path of that element's actions.
    public subscript(id id: ID) -> AnyCasePath<IdentifiedAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case .element(id, let action) = $0 else { return nil }
          return action
        })
    }

    /// Any element's actions, with the element's identifier.
    public var element: AnyCasePath<IdentifiedAction, (id: ID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: {
          guard case .element(let id, let action) = $0 else { return nil }
          return (id, action)
        })
    }
  }

  /// The case paths of ``IdentifiedAction``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

/// The ``IdentifiedAction`` of a feature whose state is `Identifiable`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable
