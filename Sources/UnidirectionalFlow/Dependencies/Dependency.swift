/// A property wrapper that reads a dependency from the current ``DependencyValues``.
///
/// The value is looked up each time it is read, so a reducer sees whatever its store (or a
/// `.dependency` modifier, or a test) provides:
///
/// ```swift
/// struct Feature: Reducer {
///   @Dependency(\.continuousClock) var clock
/// }
/// ```
@propertyWrapper
public struct Dependency<Value>: Sendable {
  private let keyPath: KeyPath<DependencyValues, Value> & Sendable

  /// Reads the dependency at `keyPath`.
  ///
  /// - Parameter keyPath: The dependency's property on ``DependencyValues``:
  ///   `\.continuousClock`, or one your ``DependencyKey`` adds.
  public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    self.keyPath = keyPath
  }

  /// The dependency's current value.
  public var wrappedValue: Value {
    DependencyValues.current[keyPath: keyPath]
  }
}
