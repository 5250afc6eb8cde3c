/// A value that several features hold at once: a reference, so that a change made through one
/// is seen through all, optionally kept outside the state by a ``SharedKey``.
///
/// ```swift
/// @Reducer struct Counter {
///   struct State: Equatable {
///     @Shared(.inMemory("count")) var count = 0
///   }
///   ...
///       case .incrementButtonTapped:
///         state.$count.withLock { $0 += 1 }
///         return .none
/// }
/// ```
///
/// Every `@Shared` of one key (`.inMemory("count")` here) holds one value, wherever it is
/// declared; hand a shared value to a child feature with its projected value:
/// `Child.State(count: state.$count)`. The value is read with the wrapped property and changed
/// only with ``withLock(_:)``, which a key then saves: `.inMemory` keeps it for the life of the
/// process, ``SharedKey/fileStorage(_:)`` in a file, ``SharedKey/appStorage(_:)`` in the user's
/// configuration directory.
///
/// A part of a shared value is a shared value too: `state.$settings.volume` is a
/// `Shared<Int>` that reads and changes the `volume` of the one `settings`.
///
/// A test store checks shared values as the rest of the state: a change that a reducer makes
/// must be described in the assertion, `$0.$count.withLock { $0 = 1 }`, or the test fails.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value: Sendable>: Sendable {
  let box: any SharedBox<Value>

  init(box: any SharedBox<Value>) {
    self.box = box
  }

  /// A shared value kept by no key: shared with whoever gets this `Shared` (or its projected
  /// value), and gone when the last of them is.
  ///
  /// - Parameter value: The initial value.
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

  /// Another holder of `projectedValue`'s value, as a child feature's state declares it:
  /// `@Shared var count: Int`, then `Child.State(count: state.$count)`.
  ///
  /// - Parameter projectedValue: The shared value to hold.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The current value. Change it with ``withLock(_:)``.
  public var wrappedValue: Value { box.currentValue }

  /// This shared value itself, to change it (`$count.withLock { ... }`) or to hand it to another
  /// feature.
  public var projectedValue: Shared<Value> {
    get { self }
    set { self = newValue }
  }

  /// Changes the value in place, as one step for every holder, and saves it with its key.
  ///
  /// Inside a test store's assertion it changes the value the assertion expects instead.
  ///
  /// - Parameter operation: Changes the value.
  /// - Returns: What `operation` returns.
  @discardableResult
  public func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    try box.withLock(operation)
  }

  /// The part of the value at `keyPath`, shared: reading it reads this value, changing it
  /// changes this value (and saves it with this value's key).
  ///
  /// - Parameter keyPath: The part of the value.
  /// - Returns: That part, shared.
  public subscript<Member: Sendable>(
    dynamicMember keyPath: WritableKeyPath<Value, Member> & Sendable
  ) -> Shared<Member> {
    Shared<Member>(box: SharedPart(whole: box, keyPath: keyPath))
  }

  /// Reads the value again from its key: for a file, what another process or an editor wrote
  /// since. A part of a value loads the whole value. A value kept by no key, or in memory,
  /// stays as it is.
  ///
  /// - Throws: Why the key could not load (a file that cannot be decoded is moved aside);
  ///   the value is then kept, and ``loadError`` says why.
  public func load() async throws {
    try box.root.reload()
  }

  /// Saves the value with its key now. A change made with ``withLock(_:)`` is saved already;
  /// this is for a key that failed to save it (a directory that was not writable then).
  ///
  /// - Throws: Why the key could not save; the value stays current in memory.
  public func save() async throws {
    try box.root.persist()
  }

  /// Why the value could not be loaded from its key, when the `@Shared` was created or at the
  /// last ``load()``; `nil` when it was loaded (or there was nothing stored yet).
  public var loadError: (any Error)? { box.root.loadError }
}

extension Shared: Equatable where Value: Equatable {
  /// Two holders of one value are equal; two different values are compared by value. A test
  /// store compares the shared values of its states apart (see ``SharedSnapshot``).
  ///
  /// - Parameters:
  ///   - lhs: A shared value.
  ///   - rhs: Another shared value.
  /// - Returns: Whether they hold one value, or equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box.identity == rhs.box.identity || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Shared: CustomDumpStringConvertible {
  /// The value, as the state dumps of test failures show it.
  public var customDumpDescription: String { stateDump(wrappedValue) }
}

extension Shared: CustomStringConvertible {
  /// The value's description.
  public var description: String { String(describing: wrappedValue) }
}

extension Shared: SharedHolder {
  var anyReference: any AnySharedReference { box.root }
}
