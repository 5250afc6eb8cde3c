/// A key for a dependency that has a value for tests and previews, and maybe none for live use.
///
/// Interface modules (such as an API client's) conform to this, so that the live value can live
/// in another module that only the application links.
public protocol TestDependencyKey {
  /// The type of the dependency's value.
  associatedtype Value: Sendable = Self
  /// The value used in tests; usually one that reports an issue when it is used unmocked.
  static var testValue: Value { get }
  /// The value used in previews and demos; defaults to ``testValue``.
  static var previewValue: Value { get }
}

/// A key for a dependency that also has a live value, used when the app runs for real.
///
/// ```swift
/// enum UUIDGeneratorKey: DependencyKey {
///   static let liveValue = UUIDGenerator { UUID() }
///   static let testValue = UUIDGenerator.unimplemented
/// }
/// ```
public protocol DependencyKey: TestDependencyKey {
  /// The value used when the app runs for real.
  static var liveValue: Value { get }
}

extension TestDependencyKey {
  /// By default previews use the test value.
  public static var previewValue: Value { testValue }
}

extension DependencyKey {
  /// By default, a test that uses a dependency it did not override gets the live value and a
  /// reported issue naming the dependency, so tests never reach the real world unnoticed.
  public static var testValue: Value {
    reportIssue(
      "The dependency '\(Self.self)' was used in a test without being overridden; "
        + "its live value was used. Override it with `withDependencies`.")
    return liveValue
  }

  /// By default previews use the live value.
  public static var previewValue: Value { liveValue }
}

/// The situation dependencies are resolved for: the running app, a test, or a preview.
public enum DependencyContext: Sendable, Hashable {
  /// The app running for real.
  case live
  /// A test: unmocked dependencies report issues.
  case test
  /// A preview or demo.
  case preview
}
