/// The actions of a navigation stack: an element's own action, a push, or a pop.
///
/// ```swift
/// enum Action {
///   case path(StackAction<Path.State, Path.Action>)
/// }
/// ```
public enum StackAction<State, Action> {
  /// `action` of the element with `id`.
  case element(id: StackElementID, action: Action)
  /// Pops the element with `id` and everything above it.
  case popFrom(id: StackElementID)
  /// Pushes `state` with `id`, which must be the stack's next identifier.
  case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

extension StackAction: CasePathable {
  /// The case paths of ``StackAction``: `\.path[id: 0]`, `\.path.popFrom`, `\.path.push`.
  public struct AllCasePaths: Sendable {
    /// The actions of the element with `id`.
    ///
    /// - Parameter id: The element's identifier.
    /// - Returns: The case path of that element's actions.
    public subscript(id id: StackElementID) -> AnyCasePath<StackAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case .element(id, let action) = $0 else { return nil }
          return action
        })
    }

    /// Pops.
    public var popFrom: AnyCasePath<StackAction, StackElementID> {
      AnyCasePath(
        embed: { .popFrom(id: $0) },
        extract: {
          guard case .popFrom(let id) = $0 else { return nil }
          return id
        })
    }

    /// Pushes.
    public var push: AnyCasePath<StackAction, (id: StackElementID, state: State)> {
      AnyCasePath(
        embed: { .push(id: $0.id, state: $0.state) },
        extract: {
          guard case .push(let id, let state) = $0 else { return nil }
          return (id, state)
        })
    }
  }

  /// The case paths of ``StackAction``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
