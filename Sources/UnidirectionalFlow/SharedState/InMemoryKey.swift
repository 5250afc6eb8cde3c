import Synchronization

/// A ``SharedKey`` that keeps its value in memory, for the life of the process: `.inMemory("count")`.
public struct InMemoryKey<Value: Sendable>: SharedKey {
  private let name: String
  private let storage: InMemoryStorage

  /// The value named `name` in `storage`.
  ///
  /// - Parameters:
  ///   - name: The value's name.
  ///   - storage: Where values are kept in memory.
  public init(_ name: String, storage: InMemoryStorage) {
    self.name = name
    self.storage = storage
  }

  /// `inMemory:NAME`, or `inMemory#N:NAME` in a storage other than the process's first.
  public var id: String {
    storage.number == 0 ? "inMemory:\(name)" : "inMemory#\(storage.number):\(name)"
  }

  /// The value kept under the name, if a `@Shared` of it has changed it.
  ///
  /// - Returns: The value, or `nil` when none is kept yet.
  public func load() -> Value? {
    storage.values.withLock { $0[name] } as? Value
  }

  /// Keeps `value` under the name, so that a later `@Shared` of it starts from it.
  ///
  /// - Parameter value: The value to keep.
  public func save(_ value: Value) {
    storage.values.withLock { $0[name] = value }
  }
}

extension SharedKey {
  /// A value kept in memory under `name`, in the ``DependencyValues/defaultInMemoryStorage``
  /// current where the `@Shared` is created: `@Shared(.inMemory("count")) var count = 0`.
  ///
  /// - Parameter name: The value's name.
  /// - Returns: The key.
  public static func inMemory<Stored>(_ name: String) -> Self
  where Self == InMemoryKey<Stored> {
    InMemoryKey(name, storage: DependencyValues.current.defaultInMemoryStorage)
  }
}

/// Where `.inMemory` keys keep their values: one per process, and a separate one for tests
/// that want their own (`$0.defaultInMemoryStorage = InMemoryStorage()`).
public final class InMemoryStorage: Sendable {
  fileprivate let values = Mutex<[String: any Sendable]>([:])
  fileprivate let number: Int
  private static let count = Atomic<Int>(0)

  /// An empty storage.
  public init() {
    number = Self.count.add(1, ordering: .relaxed).oldValue
  }
}

extension DependencyValues {
  /// Where `.inMemory` keys keep their values; the process's one unless a scope says otherwise.
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[InMemoryStorageKey.self] }
    set { self[InMemoryStorageKey.self] = newValue }
  }
}

private enum InMemoryStorageKey: DependencyKey {
  typealias Value = InMemoryStorage
  static let liveValue = InMemoryStorage()
  static let testValue = liveValue
}
