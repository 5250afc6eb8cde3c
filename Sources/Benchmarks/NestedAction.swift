import UnidirectionalFlow

/// The actions of one level of the nested benchmark tree: its own and its child's.
enum NestedAction<ChildAction: Sendable>: Sendable {
  /// Adds one to this level's count.
  case increment
  /// An action of the child.
  case child(ChildAction)
}

extension NestedAction: CasePathable {
  /// The case paths of a level's actions.
  struct AllCasePaths: Sendable {
    /// The path to the child's actions.
    var child: AnyCasePath<NestedAction, ChildAction> {
      AnyCasePath(
        embed: { .child($0) },
        extract: { if case .child(let action) = $0 { action } else { nil } })
    }
  }

  static var allCasePaths: AllCasePaths { AllCasePaths() }
}
