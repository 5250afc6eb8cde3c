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
  /// The field and its new value, with what sets and compares them: one existential instead
  /// of two closures, so a field of up to three words (a `String`, say) and its key path fit
  /// its inline buffer and making the action allocates nothing.
  private let field: any BindingField<Root>

  /// The field that changes.
  public var keyPath: PartialKeyPath<Root> & Sendable { field.path }
  /// The new value.
  public var value: any Sendable { field.newValue }

  /// An action that sets `keyPath` to `value`.
  ///
  /// - Parameters:
  ///   - keyPath: The field to set.
  ///   - value: Its new value.
  /// - Returns: The binding action.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ value: Value
  ) -> Self {
    Self(field: FieldAssignment(keyPath: keyPath, value: value))
  }

  /// Writes the new value into `root`.
  ///
  /// - Parameter root: The value whose field is set.
  public func set(_ root: inout Root) { field.write(to: &root) }

  /// The new value when this action sets the field at `keyPath`, else `nil`: what
  /// `keyPath == self.keyPath ? value as? Value : nil` gives, without casting an existential
  /// (about 350 instructions), for code that reads it on every action (the JSON-lines
  /// `action` event's payload).
  ///
  /// - Parameter keyPath: The field.
  /// - Returns: Its new value, or `nil` when this action sets another field.
  public func value<Value>(at keyPath: WritableKeyPath<Root, Value>) -> Value? {
    field.newValue(at: keyPath)
  }
}

/// What a ``BindingAction`` holds: a field and its new value.
private protocol BindingField<Root>: Sendable {
  associatedtype Root
  /// The field.
  var path: PartialKeyPath<Root> & Sendable { get }
  /// The new value.
  var newValue: any Sendable { get }
  /// Writes the new value into `root`.
  func write(to root: inout Root)
  /// The new value when the field is `keyPath`, else `nil`.
  func newValue<Other>(at keyPath: WritableKeyPath<Root, Other>) -> Other?
  /// Whether `other` sets the same field to the same value.
  func isEqual(to other: any BindingField<Root>) -> Bool
}

/// ``BindingField`` of a field of type `Value`.
private struct FieldAssignment<Root, Value: Equatable & Sendable>: BindingField {
  let keyPath: WritableKeyPath<Root, Value> & Sendable
  let value: Value

  var path: PartialKeyPath<Root> & Sendable { keyPath }
  var newValue: any Sendable { value }

  func write(to root: inout Root) { FieldStorageWrite.write(value, to: keyPath, in: &root) }

  func newValue<Other>(at other: WritableKeyPath<Root, Other>) -> Other? {
    // The same type, so the bits are the value as it is.
    guard Other.self == Value.self, other as AnyKeyPath == keyPath as AnyKeyPath else {
      return nil
    }
    return unsafeBitCast(value, to: Other.self)
  }

  func isEqual(to other: any BindingField<Root>) -> Bool {
    guard let other = other as? Self else { return false }
    return other.keyPath == keyPath && other.value == value
  }
}

extension BindingAction: Equatable {
  /// Equal when they set the same field to the same value.
  ///
  /// - Parameters:
  ///   - lhs: A binding action.
  ///   - rhs: Another binding action.
  /// - Returns: Whether both set the same field to the same value.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.field.isEqual(to: rhs.field) }
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
        extract: { $0.value(at: keyPath) })
    }
  }

  /// The case paths of ``BindingAction``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
