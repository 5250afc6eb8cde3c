import Synchronization

/// The one value that every ``Shared`` of one key points at, and the key that stores it.
final class SharedReference<Value: Sendable>: AnySharedReference, SharedBox {
  private let value: Mutex<Value>
  private let key: (any SharedKey<Value>)?

  /// A reference to `initialValue`, stored with `key` when it changes (not at all without one).
  init(_ initialValue: Value, key: (any SharedKey<Value>)?) {
    self.value = Mutex(initialValue)
    self.key = key
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

/// A ``SharedReference`` of any value type, as a test store sees it.
protocol AnySharedReference: AnyObject, Sendable {
  /// The key the reference is stored with, for messages: `@Shared(inMemory:count)`.
  var description: String { get }
  /// The value, outside any assertion.
  var liveValue: any Sendable { get }
}

/// Whether two values are equal: by `==` when they are `Equatable`, else by their dumps.
func areEqual(_ lhs: Any, _ rhs: Any) -> Bool {
  if let lhs = lhs as? any Equatable { return lhs.isEqual(to: rhs) }
  return stateDump(lhs) == stateDump(rhs)
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}
