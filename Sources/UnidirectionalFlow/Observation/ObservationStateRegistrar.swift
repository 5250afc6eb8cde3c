import Observation

/// What `@ObservableState` adds to a struct: the place that value and its copies keep their
/// observers, and their identity (see ``ObservableState``).
///
/// Every registrar equals every other, and hashes alike, so a state's `Equatable` and
/// `Hashable` conformances compare its fields alone.
public struct ObservationStateRegistrar: Sendable, Hashable {
  /// The observers and, by its identity, the state's.
  private let storage: Storage

  /// The registrar of the toolchain's `Observation`, in an object whose identity is the
  /// state's.
  private final class Storage: Sendable {
    let registrar = ObservationRegistrar()
  }

  /// A registrar for a value being made: a new identity, no observers.
  public init() { storage = Storage() }

  /// The identity of the state that holds this registrar.
  public var id: ObservableStateID { ObservableStateID(location: storage) }

  /// Records that the field at `keyPath` of `subject` was read, for the observation tracking
  /// in progress, if any.
  ///
  /// - Parameters:
  ///   - subject: The observable value read.
  ///   - keyPath: The field read.
  @inlinable
  public func access<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    registrar.access(subject, keyPath: keyPath)
  }

  /// Sets the field at `keyPath` to `newValue`, telling its observers unless the two values
  /// are identity-equal (the same child state, say).
  ///
  /// - Parameters:
  ///   - subject: The observable value changed.
  ///   - keyPath: The field changed.
  ///   - value: The field's storage.
  ///   - newValue: The value to store.
  ///   - isIdentityEqual: Whether two values are one identity; observers are not told of those.
  @inlinable
  public func mutate<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, _ value: inout Member,
    _ newValue: Member, _ isIdentityEqual: (Member, Member) -> Bool
  ) {
    if isIdentityEqual(value, newValue) {
      value = newValue
    } else {
      registrar.withMutation(of: subject, keyPath: keyPath) { value = newValue }
    }
  }

  /// Before the field at `keyPath` is changed in place: the value to compare with afterwards.
  ///
  /// - Parameters:
  ///   - subject: The observable value about to change.
  ///   - keyPath: The field about to change.
  ///   - value: The field's storage.
  /// - Returns: The field's value before the change, to pass to `didModify`.
  @inlinable
  public func willModify<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, _ value: inout Member
  ) -> Member {
    value
  }

  /// After the field at `keyPath` was changed in place: tells its observers unless it is
  /// identity-equal to what it was.
  ///
  /// - Parameters:
  ///   - subject: The observable value changed.
  ///   - keyPath: The field changed.
  ///   - value: The field's storage, changed.
  ///   - oldValue: The value `willModify` returned.
  ///   - isIdentityEqual: Whether two values are one identity; observers are not told of those.
  @inlinable
  public func didModify<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, _ value: inout Member,
    _ oldValue: Member, _ isIdentityEqual: (Member, Member) -> Bool
  ) {
    if !isIdentityEqual(oldValue, value) {
      registrar.withMutation(of: subject, keyPath: keyPath) {}
    }
  }

  /// The toolchain's registrar.
  @usableFromInline var registrar: ObservationRegistrar { storage.registrar }

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
