/// A pair of functions that embed a value into an enum case and extract it back out.
///
/// Case paths are to enum cases what key paths are to struct fields. Reducers use them to route
/// a parent action to a child (`Scope(state: \.child, action: \.child)`), and tests use them to
/// name the action they expect (`store.receive(\.loginResponse.success)`).
///
/// ```swift
/// let login = AnyCasePath<AppAction, LoginAction>(
///   embed: AppAction.login,
///   extract: { if case .login(let action) = $0 { action } else { nil } }
/// )
/// ```
@dynamicMemberLookup
public struct AnyCasePath<Root, Value>: Sendable {
  @usableFromInline let embedFunction: @Sendable (Value) -> Root
  let extractFunction: @Sendable (Root) -> Value?

  /// Creates a case path from an embedding function (usually the case itself) and an extractor.
  ///
  /// - Parameters:
  ///   - embed: Wraps a payload in the case.
  ///   - extract: Returns the payload of a value in the case, or `nil` for any other case.
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embedFunction = embed
    self.extractFunction = extract
  }

  /// Wraps `value` in the case this path describes.
  ///
  /// - Parameter value: The payload.
  /// - Returns: The enum value in this path's case.
  public func embed(_ value: Value) -> Root { embedFunction(value) }

  /// Returns the payload of `root` if it is in the case this path describes, or `nil`.
  ///
  /// - Parameter root: The enum value.
  /// - Returns: The payload, or `nil` when `root` is in another case.
  public func extract(from root: Root) -> Value? { extractFunction(root) }

  /// Joins this path with a path into its value: `appLogin.appending(path: loginView)`.
  ///
  /// - Parameter path: A case path from this path's payload to a nested case.
  /// - Returns: The case path from this path's root to the nested case.
  public func appending<AppendedValue>(
    path: AnyCasePath<Value, AppendedValue>
  ) -> AnyCasePath<Root, AppendedValue> {
    let (outerEmbed, outerExtract) = (embedFunction, extractFunction)
    let (innerEmbed, innerExtract) = (path.embedFunction, path.extractFunction)
    // The functions themselves, not methods partially applied: `flatMap(path.extract(from:))`
    // would allocate a closure on every extraction. And no `flatMap` at all: here it runs
    // unspecialized, and looks up the metadata of its optional on every extraction.
    return AnyCasePath<Root, AppendedValue>(
      embed: { outerEmbed(innerEmbed($0)) },
      extract: { root in
        guard let value = outerExtract(root) else { return nil }
        return innerExtract(value)
      }
    )
  }
}

extension AnyCasePath where Value: CasePathable {
  /// Lets nested case paths be written as key paths: `\.login.view.binding.email`.
  ///
  /// - Parameter keyPath: The nested case in the payload's case paths.
  /// - Returns: The case path from this path's root to the nested case.
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<Value.AllCasePaths, AnyCasePath<Value, Member>>
  ) -> AnyCasePath<Root, Member> {
    appending(path: Value.allCasePaths[keyPath: keyPath])
  }
}

extension AnyCasePath where Root == Value {
  /// The identity path, which embeds and extracts a value unchanged.
  public static var `self`: Self {
    AnyCasePath(embed: { $0 }, extract: { $0 })
  }
}

extension AnyCasePath where Value == Void {
  /// A path to a case without payload, such as `.dismiss`.
  ///
  /// ```swift
  /// AnyCasePath(payloadless: .dismiss, matches: { if case .dismiss = $0 { true } else { false } })
  /// ```
  ///
  /// - Parameters:
  ///   - root: The case's only value.
  ///   - matches: Whether a value is in that case.
  public init(payloadless root: Root, matches: @escaping @Sendable (Root) -> Bool)
  where Root: Sendable {
    self.init(embed: { root }, extract: { matches($0) ? () : nil })
  }
}
