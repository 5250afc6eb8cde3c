import FoundationEssentials
import Synchronization

/// A dependency that makes UUIDs, so that tests can predict them.
///
/// ```swift
/// @Dependency(\.uuid) var uuid
/// let id = uuid()
/// ```
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// Creates a generator from a function returning a new UUID.
  ///
  /// - Parameter generate: Returns a UUID on each call.
  public init(_ generate: @escaping @Sendable () -> UUID) { self.generate = generate }

  /// A new UUID.
  ///
  /// - Returns: The UUID the generator gives next.
  public func callAsFunction() -> UUID { generate() }

  /// A generator counting up from `00000000-0000-0000-0000-000000000000`, for tests.
  public static var incrementing: Self {
    let counter = Mutex<UInt64>(0)
    return Self {
      let value = counter.withLock { value in
        defer { value += 1 }
        return value
      }
      let hex = String(value, radix: 16)
      let padded = String(repeating: "0", count: 12 - hex.count) + hex
      return UUID(uuidString: "00000000-0000-0000-0000-\(padded)")!
    }
  }
}

extension DependencyValues {
  /// Makes UUIDs. Live: random UUIDs. Tests must override it (``UUIDGenerator/incrementing``).
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}

private enum UUIDGeneratorKey: DependencyKey {
  static let liveValue = UUIDGenerator { UUID() }
  static let testValue = UUIDGenerator {
    reportIssue("Unimplemented: @Dependency(\\.uuid) was used in a test.")
    return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
  }
}
