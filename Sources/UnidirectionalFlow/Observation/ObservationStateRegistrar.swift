import Observation
import Synchronization

/// What `@ObservableState` adds to a struct: the place that value and its copies keep their
/// observers, and their identity (see ``ObservableState``).
///
/// A state that no tracking has read costs (nearly) nothing: until a read of it registers with
/// a tracking (see ``ObservedReads``), its fields are read and written straight, without the
/// toolchain's registrar; from then on, for it and its copies, every read registers and every
/// change notifies.
///
/// Every registrar equals every other, and hashes alike, so a state's `Equatable` and
/// `Hashable` conformances compare its fields alone.
public struct ObservationStateRegistrar: Sendable, Hashable {
  /// The observers and, by its identity, the state's.
  @usableFromInline let storage: Storage

  /// The registrar of the toolchain's `Observation`, in an object whose identity is the
  /// state's, with whether a tracking has read the state.
  @usableFromInline
  final class Storage: Sendable {
    @usableFromInline let registrar = ObservationRegistrar()
    /// Set, for good, by the first read under ``ObservedReads``: only then can a tracking
    /// have registered with `registrar`, so only then do reads and changes go through it.
    @usableFromInline let isObserved = Atomic<Bool>(false)

    init() {}

    /// Whether reads and changes go through `registrar`: set already, or set now because a
    /// read registers with a tracking.
    @inlinable @inline(__always)
    func isTracked() -> Bool {
      if isObserved.load(ordering: .relaxed) { return true }
      guard ObservedReads.areRegistering else { return false }
      isObserved.store(true, ordering: .relaxed)
      return true
    }
  }

  /// A registrar for a value being made: a new identity, no observers.
  public init() { storage = Storage() }

  /// The identity of the state that holds this registrar.
  public var id: ObservableStateID { ObservableStateID(location: storage) }

  /// Records that the field at `keyPath` of `subject` was read, for the observation tracking
  /// in progress, if any; nothing at all while no tracking has read this state.
  ///
  /// - Parameters:
  ///   - subject: The observable value read.
  ///   - keyPath: The field read; made only when the read registers.
  @inlinable @inline(__always)
  public func access<Subject: Observable, Member>(
    _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>
  ) {
    if storage.isTracked() { storage.registrar.access(subject, keyPath: keyPath()) }
  }

  /// Sets the field at `keyPath` to `newValue`, telling its observers unless the two values
  /// are identity-equal (the same child state, say), or no tracking has read this state.
  ///
  /// - Parameters:
  ///   - subject: The observable value changed.
  ///   - keyPath: The field changed; made only when observers are told.
  ///   - value: The field's storage (a `@Presents` field's wrapper, for its `$` projection).
  ///   - newValue: The value to store.
  ///   - isIdentityEqual: Whether two values are one identity; observers are not told of those.
  @inlinable @inline(__always)
  public func mutate<Subject: Observable, Member, Value>(
    _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>,
    _ value: inout Value, _ newValue: Value, _ isIdentityEqual: (Value, Value) -> Bool
  ) {
    if storage.isObserved.load(ordering: .relaxed), !isIdentityEqual(value, newValue) {
      storage.registrar.withMutation(of: subject, keyPath: keyPath()) { value = newValue }
    } else {
      value = newValue
    }
  }

  /// Before the field at `keyPath` is changed in place: the value to compare with afterwards,
  /// or `nil` while no tracking has read this state (nothing to compare for).
  ///
  /// - Parameters:
  ///   - subject: The observable value about to change.
  ///   - keyPath: The field about to change.
  ///   - value: The field's storage.
  /// - Returns: The field's value before the change, to pass to `didModify`.
  @inlinable @inline(__always)
  public func willModify<Subject: Observable, Member, Value>(
    _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>,
    _ value: inout Value
  ) -> Value? {
    storage.isObserved.load(ordering: .relaxed) ? value : nil
  }

  /// After the field at `keyPath` was changed in place: tells its observers unless it is
  /// identity-equal to what it was, or no tracking has read this state.
  ///
  /// - Parameters:
  ///   - subject: The observable value changed.
  ///   - keyPath: The field changed; made only when observers are told.
  ///   - value: The field's storage, changed.
  ///   - oldValue: The value `willModify` returned.
  ///   - isIdentityEqual: Whether two values are one identity; observers are not told of those.
  @inlinable @inline(__always)
  public func didModify<Subject: Observable, Member, Value>(
    _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>,
    _ value: inout Value, _ oldValue: Value?, _ isIdentityEqual: (Value, Value) -> Bool
  ) {
    guard storage.isObserved.load(ordering: .relaxed) else { return }
    if let oldValue, isIdentityEqual(oldValue, value) { return }
    storage.registrar.withMutation(of: subject, keyPath: keyPath()) {}
  }

  /// Always `true`: a registrar takes no part in its state's equality.
  ///
  /// - Parameters:
  ///   - lhs: A registrar.
  ///   - rhs: Another registrar.
  /// - Returns: `true`.
  public static func == (lhs: Self, rhs: Self) -> Bool { true }

  /// Hashes nothing: a registrar takes no part in its state's hash.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {}
}
