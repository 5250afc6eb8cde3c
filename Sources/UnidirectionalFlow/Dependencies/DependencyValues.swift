#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The collection of dependency values available to reducers and effects.
///
/// Extend it with a computed property per dependency, then read it with ``Dependency``:
///
/// ```swift
/// extension DependencyValues {
///   public var uuid: UUIDGenerator {
///     get { self[UUIDGeneratorKey.self] }
///     set { self[UUIDGeneratorKey.self] = newValue }
///   }
/// }
/// ```
///
/// Which values are current is decided, innermost first, by a synchronous
/// ``withDependencies(_:operation:)-(_,()->R)`` scope (also used by the store while it reduces),
/// then by an asynchronous scope or the task an effect runs in, then by the defaults for the
/// ``DependencyContext/live`` context.
public struct DependencyValues: Sendable {
  private var storage: [ObjectIdentifier: any Sendable] = [:]

  /// Which set of default values unmocked dependencies resolve to.
  public var context: DependencyContext

  /// Creates an empty set of values for `context`: every dependency has its default.
  ///
  /// - Parameter context: Which defaults the dependencies take: live, preview or test.
  public init(context: DependencyContext = .live) {
    self.context = context
  }

  /// The value for `key`: the overridden one if any, else the key's default for ``context``.
  ///
  /// A ``DependencyKey`` is read and written through a property that uses this subscript:
  ///
  /// ```swift
  /// var client: Client {
  ///   get { self[ClientKey.self] }
  ///   set { self[ClientKey.self] = newValue }
  /// }
  /// ```
  ///
  /// - Parameter key: The dependency's key type.
  /// - Returns: The dependency's current value.
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = storage[ObjectIdentifier(key)] {
        return value as! Key.Value
      }
      switch context {
      case .test: return Key.testValue
      case .preview: return Key.previewValue
      case .live:
        if let liveKey = key as? any DependencyKey.Type {
          return liveValue(of: liveKey) as! Key.Value
        }
        reportIssue(
          "The dependency '\(Key.self)' has no live value; its test value was used. "
            + "Link the module that provides its live value.")
        return Key.testValue
      }
    }
    set { storage[ObjectIdentifier(key)] = newValue }
  }

  private func liveValue<Key: DependencyKey>(of key: Key.Type) -> any Sendable { key.liveValue }

  /// The values current here.
  public static var current: DependencyValues {
    if let scope = DependencyScope.innermost {
      return scope.values
    }
    return taskLocal ?? DependencyValues()
  }

  @TaskLocal static var taskLocal: DependencyValues?
}

/// A synchronous dependency scope: a box the current thread points at while it runs.
@usableFromInline
final class DependencyScope: Sendable {
  let values: DependencyValues
  /// ``synchronousScopeKey``, read once here rather than through its lazy initializer on every
  /// entry.
  @usableFromInline let key = synchronousScopeKey
  @usableFromInline init(_ values: DependencyValues) { self.values = values }

  /// Runs `operation` with `values` current on this thread, without allocating; a store
  /// reducing an action on this thread still is, inside (see `isReducing`).
  // Inlinable because it pays: `benchmarks core` Store.Send 11.4 ns with, 18.0 ns without.
  @inlinable
  func enter<R>(_ operation: () throws -> R) rethrows -> R {
    let previous = pthread_getspecific(key)
    return try enter(marked: UInt(bitPattern: previous) & Self.reducingMark, previous, operation)
  }

  /// Runs a store's reducer with `values` current on this thread: `isReducing` holds inside.
  @inlinable
  func enterReducing<R>(_ operation: () throws -> R) rethrows -> R {
    try enter(marked: Self.reducingMark, pthread_getspecific(key), operation)
  }

  /// Makes this scope current, with `mark` in the slot's low bit, runs `operation`, and makes
  /// `previous` current again.
  @inlinable
  func enter<R>(
    marked mark: UInt, _ previous: UnsafeMutableRawPointer?, _ operation: () throws -> R
  ) rethrows -> R {
    let address = UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque())
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: address | mark))
    defer { pthread_setspecific(key, previous) }
    return try operation()
  }

  /// The low bit of the thread's slot: set while a store reduces an action on this thread. An
  /// object's address is aligned, so its low bit is free.
  @usableFromInline static let reducingMark: UInt = 1

  /// The innermost scope entered on this thread, if any.
  static var innermost: DependencyScope? {
    let slot = UInt(bitPattern: pthread_getspecific(synchronousScopeKey)) & ~reducingMark
    guard let pointer = UnsafeRawPointer(bitPattern: slot) else { return nil }
    return Unmanaged<DependencyScope>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Whether a store is reducing an action on this thread: a ``Reducer/body`` evaluated now is
  /// evaluated for an action, not once for the store (see `BodyEvaluation`).
  static var isReducing: Bool {
    UInt(bitPattern: pthread_getspecific(synchronousScopeKey)) & reducingMark != 0
  }
}

/// The thread-specific slot holding the innermost synchronous ``DependencyScope``.
///
/// A thread slot instead of a task local: binding a task local outside a task allocates, and
/// the store enters a scope on every action.
let synchronousScopeKey: pthread_key_t = {
  var key = pthread_key_t()
  pthread_key_create(&key, nil)
  return key
}()
