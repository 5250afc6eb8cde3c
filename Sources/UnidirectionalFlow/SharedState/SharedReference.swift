import Synchronization

/// The one value that every ``Shared`` of one key points at, and the key that stores it.
final class SharedReference<Value: Sendable>: AnySharedReference, SharedBox {
  private let value: Mutex<Value>
  private let key: (any SharedKey<Value>)?
  private let lastLoadError: Mutex<(any Error)?>

  /// A reference to `initialValue`, stored with `key` when it changes (not at all without one);
  /// `loadError` is why the key could not give the initial value, if it could not.
  init(_ initialValue: Value, key: (any SharedKey<Value>)?, loadError: (any Error)? = nil) {
    self.value = Mutex(initialValue)
    self.key = key
    self.lastLoadError = Mutex(loadError)
  }

  var description: String { key.map { "@Shared(\($0.id))" } ?? "@Shared(value:)" }

  /// The current value; inside a test store's assertion, the value the assertion expects.
  var currentValue: Value {
    if let expectation = SharedExpectation.current, let expected = expectation[self] {
      return expected as! Value
    }
    return value.withLock { $0 }
  }

  var liveValue: any Sendable { value.withLock { $0 } }

  var root: any AnySharedReference { self }

  var loadError: (any Error)? { lastLoadError.withLock { $0 } }

  /// Replaces the value with the one its key has stored, if any (without saving it back);
  /// keeps it, and remembers why, when the key cannot load. Without a key there is nothing to
  /// load.
  func reload() throws {
    guard let key else { return }
    try value.withLock { value in
      do {
        if let loaded = try key.attemptLoad() { value = loaded }
        lastLoadError.withLock { $0 = nil }
      } catch {
        lastLoadError.withLock { $0 = error }
        throw error
      }
    }
  }

  /// Saves the value with its key now, under the lock that orders saves.
  func persist() throws {
    guard let key else { return }
    try value.withLock { try key.attemptSave($0) }
  }

  var identity: [AnyHashable] { [ObjectIdentifier(self)] }

  /// Changes the value and saves it with its key, under one lock, so that two changes from two
  /// threads are saved in the order they were made. Inside a test store's assertion it changes
  /// only the value the assertion expects (see ``SharedExpectation``).
  func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    if let expectation = SharedExpectation.current {
      var expected = (expectation[self] ?? liveValue) as! Value
      defer { expectation[self] = expected }
      return try operation(&expected)
    }
    return try value.withLock { value in
      let before = value
      let result = try operation(&value)
      if let key, !areEqual(before, value) { key.save(value) }
      return result
    }
  }
}

/// A ``SharedReference`` of any value type, as a test store sees it, and as a part of its
/// value loads and saves it.
protocol AnySharedReference: AnyObject, Sendable {
  /// The key the reference is stored with, for messages: `@Shared(inMemory:count)`.
  var description: String { get }
  /// The value, outside any assertion.
  var liveValue: any Sendable { get }
  /// Why the last load failed; `nil` when it succeeded.
  var loadError: (any Error)? { get }
  /// Loads the value again from its key.
  func reload() throws
  /// Saves the value with its key.
  func persist() throws
}

/// Whether two values are equal: by `==` when they are `Equatable`, else by their dumps.
func areEqual(_ lhs: Any, _ rhs: Any) -> Bool {
  if let lhs = lhs as? any Equatable { return lhs.isEqual(to: rhs) }
  return stateDump(lhs) == stateDump(rhs)
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}
