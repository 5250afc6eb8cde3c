/// The actions of a presented child: its own actions, or a request to dismiss it.
///
/// ```swift
/// enum Action {
///   case twoFactor(PresentationAction<TwoFactor.Action>)
/// }
/// ```
public enum PresentationAction<Action> {
  /// An action of the presented child.
  case presented(Action)
  /// Closes the child: its state becomes `nil` and its effects are cancelled.
  case dismiss
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}

extension PresentationAction: CasePathable {
  /// The case paths of ``PresentationAction``: `\.presented` and `\.dismiss`.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The child's own actions.
    public var presented: AnyCasePath<PresentationAction, Action> {
      AnyCasePath(embed: PresentationAction.presented) {
        if case .presented(let action) = $0 { action } else { nil }
      }
    }

    /// The dismissal request.
    public var dismiss: AnyCasePath<PresentationAction, Void> {
      AnyCasePath(embed: { .dismiss }, extract: { if case .dismiss = $0 { () } else { nil } })
    }

    /// Lets a child's cases be named without `presented`: `\.twoFactor.view`.
    ///
    /// - Parameter keyPath: The child's case.
    /// - Returns: The case path to that case of the presented child's actions.
    public subscript<Member>(
      dynamicMember keyPath: KeyPath<Action.AllCasePaths, AnyCasePath<Action, Member>>
    ) -> AnyCasePath<PresentationAction, Member> where Action: CasePathable {
      presented.appending(path: Action.allCasePaths[keyPath: keyPath])
    }
  }

  /// The case paths of ``PresentationAction``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
