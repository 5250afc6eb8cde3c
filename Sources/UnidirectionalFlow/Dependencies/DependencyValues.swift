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
  public init(context: DependencyContext = .live) {
    self.context = context
  }

  /// The value for `key`: the overridden one if any, else the key's default for ``context``.
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
    if let pointer = pthread_getspecific(synchronousScopeKey) {
      return Unmanaged<DependencyScope>.fromOpaque(pointer).takeUnretainedValue().values
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

  /// Runs `operation` with `values` current on this thread, without allocating.
  // Inlinable because it pays: `benchmarks core` Store.Send 11.4 ns with, 18.0 ns without.
  @inlinable
  func enter<R>(_ operation: () throws -> R) rethrows -> R {
    let previous = pthread_getspecific(key)
    pthread_setspecific(key, Unmanaged.passUnretained(self).toOpaque())
    defer { pthread_setspecific(key, previous) }
    return try operation()
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
