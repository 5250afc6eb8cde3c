/// What a ``SharedReader`` reads: a whole shared value, or a part of one.
protocol SharedReadable<Value>: Sendable {
  associatedtype Value: Sendable
  /// The value; inside a test store's assertion, the value the assertion expects.
  var currentValue: Value { get }
  /// The whole value's reference, which a test store checks and which loads and saves it.
  var root: any AnySharedReference { get }
  /// Equal for two boxes of one value: the root reference and the key paths to the part.
  var identity: [AnyHashable] { get }
}

/// What a ``Shared`` reads and changes: a whole shared value (``SharedReference``), or a part
/// of one (``SharedPart``).
protocol SharedBox<Value>: SharedReadable {
  /// Changes the value in place under the whole value's lock, and saves the whole value.
  func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R
}

/// The part at `keyPath` of a shared value: `state.$settings.volume`.
struct SharedPart<Whole: Sendable, Value: Sendable>: SharedBox {
  let whole: any SharedBox<Whole>
  let keyPath: WritableKeyPath<Whole, Value> & Sendable

  var currentValue: Value { whole.currentValue[keyPath: keyPath] }

  func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    try whole.withLock { try operation(&$0[keyPath: keyPath]) }
  }

  var root: any AnySharedReference { whole.root }

  var identity: [AnyHashable] { whole.identity + [keyPath as AnyKeyPath] }
}

/// The part at `keyPath` of a shared value, read only: `$settings.volume` of a
/// `SharedReader<Settings>`, or a computed property of the value.
struct SharedReadPart<Whole: Sendable, Value: Sendable>: SharedReadable {
  let whole: any SharedReadable<Whole>
  let keyPath: KeyPath<Whole, Value> & Sendable

  var currentValue: Value { whole.currentValue[keyPath: keyPath] }

  var root: any AnySharedReference { whole.root }

  var identity: [AnyHashable] { whole.identity + [keyPath as AnyKeyPath] }
}
