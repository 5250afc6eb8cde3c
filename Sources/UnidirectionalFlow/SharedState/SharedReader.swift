/// A shared value that a feature reads and never changes: `@SharedReader(.appStorage("isSoundOn"))
/// var isSoundOn = true`.
///
/// It is a ``Shared`` without ``Shared/withLock(_:)``: the same keys, the same one value per
/// key (a change made through a `@Shared` of the key is seen here), the same ``load()`` and
/// ``loadError``. A feature that holds a `Shared` hands a child a read-only view of it with
/// `SharedReader(state.$count)`.
@propertyWrapper
@dynamicMemberLookup
public struct SharedReader<Value: Sendable>: Sendable {
  let box: any SharedReadable<Value>

  init(box: any SharedReadable<Value>) {
    self.box = box
  }

  /// A value kept by no key, that nobody changes: for previews and tests of a feature that
  /// declares `@SharedReader var count: Int`.
  ///
  /// - Parameter value: The value.
  public init(value: Value) {
    self.box = SharedReference(value, key: nil)
  }

  /// The value of `key`: the one already shared under it in this process, else the one the
  /// key has stored, else `wrappedValue`.
  ///
  /// - Parameters:
  ///   - wrappedValue: The default value, evaluated only when neither of the others exists.
  ///   - key: Where the value is kept.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    self.box = SharedReferences.reference(for: key, defaultValue: wrappedValue)
  }

  /// A read-only view of `base`'s value: what `base` changes is read here.
  ///
  /// - Parameter base: The shared value to read.
  public init(_ base: Shared<Value>) {
    self.box = base.box
  }

  /// Another reader of `projectedValue`'s value, as a child feature's state declares it:
  /// `@SharedReader var count: Int`, then `Child.State(count: state.$count)`.
  ///
  /// - Parameter projectedValue: The shared value to read.
  public init(projectedValue: SharedReader<Value>) {
    self = projectedValue
  }

  /// The current value.
  public var wrappedValue: Value { box.currentValue }

  /// This reader itself, to hand to another feature, to read a part of, or to ``load()``.
  public var projectedValue: SharedReader<Value> { self }

  /// The part of the value at `keyPath`, read only.
  ///
  /// - Parameter keyPath: The part of the value.
  /// - Returns: That part, shared.
  public subscript<Member: Sendable>(
    dynamicMember keyPath: KeyPath<Value, Member> & Sendable
  ) -> SharedReader<Member> {
    SharedReader<Member>(box: SharedReadPart(whole: box, keyPath: keyPath))
  }

  /// Reads the value again from its key (see ``Shared/load()``).
  ///
  /// - Throws: Why the key could not load; the value is then kept, and ``loadError`` says why.
  public func load() async throws {
    try box.root.reload()
  }

  /// Why the value could not be loaded from its key, when it was first shared or at the last
  /// ``load()``; `nil` when it was loaded (or there was nothing stored yet).
  public var loadError: (any Error)? { box.root.loadError }
}

extension SharedReader: Equatable where Value: Equatable {
  /// Two readers of one value are equal; two different values are compared by value.
  ///
  /// - Parameters:
  ///   - lhs: A shared value.
  ///   - rhs: Another shared value.
  /// - Returns: Whether they read one value, or equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box.identity == rhs.box.identity || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension SharedReader: CustomDumpStringConvertible {
  /// The value, as the state dumps of test failures show it.
  public var customDumpDescription: String { stateDump(wrappedValue) }
}

extension SharedReader: CustomStringConvertible {
  /// The value's description.
  public var description: String { String(describing: wrappedValue) }
}
