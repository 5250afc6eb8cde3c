/// An action that sets one named field of a feature's state, as a text field or toggle does.
///
/// A feature lists it among its (view) actions and adds a ``BindingReducer``; tests and front
/// ends then name the field with a case key path:
///
/// ```swift
/// enum View { case binding(BindingAction<State>), loginButtonTapped }
/// store.send(.view(.binding(.set(\.email, "blob@pointfree.co"))))
/// await testStore.send(\.view.binding.email, "blob@pointfree.co") { $0.email = "blob@pointfree.co" }
/// ```
public struct BindingAction<Root>: Sendable {
  /// The field that changes.
  public let keyPath: PartialKeyPath<Root> & Sendable
  /// The new value.
  public let value: any Sendable
  private let apply: @Sendable (inout Root) -> Void
  private let isEqual: @Sendable (BindingAction) -> Bool

  /// An action that sets `keyPath` to `value`.
  ///
  /// - Parameters:
  ///   - keyPath: The field to set.
  ///   - value: Its new value.
  /// - Returns: The binding action.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ value: Value
  ) -> Self {
    Self(
      keyPath: keyPath, value: value,
      apply: { FieldStorageWrite.write(value, to: keyPath, in: &$0) },
      isEqual: { $0.keyPath == keyPath && ($0.value as? Value) == value })
  }

  /// Writes the new value into `root`.
  ///
  /// - Parameter root: The value whose field is set.
  public func set(_ root: inout Root) { apply(&root) }
}

extension BindingAction: Equatable {
  /// Equal when they set the same field to the same value.
  ///
  /// - Parameters:
  ///   - lhs: A binding action.
  ///   - rhs: Another binding action.
  /// - Returns: Whether both set the same field to the same value.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.isEqual(rhs) }
}

extension BindingAction: CustomStringConvertible {
  /// `binding(\Login.State.email, "blob@pointfree.co")`, for logs and failure messages.
  public var description: String { "binding(\(keyPath), \(String(reflecting: value)))" }
}

extension BindingAction: CasePathable {
  /// Case paths into a binding action: one per writable field, `\.binding.email`.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The case "sets the field at `keyPath`", with the new value as payload.
    ///
    /// - Parameter keyPath: The field.
    /// - Returns: The case path that embeds a new value as an action setting that field.
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<Root, Value> & Sendable
    ) -> AnyCasePath<BindingAction, Value> {
      AnyCasePath(
        embed: { .set(keyPath, $0) },
        extract: {
          $0.keyPath == keyPath ? $0.value as? Value : nil
        })
    }
  }

  /// The case paths of ``BindingAction``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
