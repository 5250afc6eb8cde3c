extension Optional: CasePathable {
  /// The case paths of `Optional`: `\.some` and `\.none`, and, when the wrapped value has case
  /// paths of its own, those paths through `some` (`\.destination.alert` on an optional
  /// destination action).
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The path to a wrapped value.
    public var some: AnyCasePath<Optional, Wrapped> {
      AnyCasePath(embed: { .some($0) }, extract: { $0 })
    }

    /// The path to the absence of a value.
    public var none: AnyCasePath<Optional, Void> {
      AnyCasePath(embed: { _ in .none }, extract: { $0 == nil ? () : nil })
    }

    /// A case path of the wrapped value, reached through `some`.
    ///
    /// - Parameter keyPath: The case in the wrapped type's case paths.
    /// - Returns: The case path from the optional to that case of its wrapped value.
    public subscript<Member>(
      dynamicMember keyPath: KeyPath<Wrapped.AllCasePaths, AnyCasePath<Wrapped, Member>>
    ) -> AnyCasePath<Optional, Member> where Wrapped: CasePathable {
      some.appending(path: Wrapped.allCasePaths[keyPath: keyPath])
    }
  }

  /// The case paths of `Optional`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
