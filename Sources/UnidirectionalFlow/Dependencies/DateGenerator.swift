import FoundationEssentials

/// A dependency that tells the current date, so that tests can fix it.
///
/// ```swift
/// @Dependency(\.date) var date
/// let createdAt = date.now
/// ```
public struct DateGenerator: Sendable {
  private let generate: @Sendable () -> Date

  /// Creates a generator from a function returning the date.
  ///
  /// - Parameter generate: Returns the date on each call.
  public init(_ generate: @escaping @Sendable () -> Date) { self.generate = generate }

  /// The current date.
  public var now: Date { generate() }

  /// The current date.
  ///
  /// - Returns: The date the generator gives now.
  public func callAsFunction() -> Date { generate() }

  /// A generator that always returns `date`.
  ///
  /// - Parameter date: The date to return.
  /// - Returns: The generator.
  public static func constant(_ date: Date) -> Self { Self { date } }
}

extension DependencyValues {
  /// The current date. Live: the system clock. Tests must override it.
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}

private enum DateGeneratorKey: DependencyKey {
  static let liveValue = DateGenerator { Date() }
  static let testValue = DateGenerator {
    reportIssue("Unimplemented: @Dependency(\\.date) was used in a test.")
    return Date(timeIntervalSince1970: 0)
  }
}
