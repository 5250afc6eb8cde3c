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
/// A state read by a ``StateChangeStamp`` recording is *counted* instead: from then on, for it
/// and its copies, every change that notifies (a field set to a value that is not
/// identity-equal to the one it held) also adds one to a change count shared by the copies,
/// without going through the toolchain's registrar. A state neither tracked nor counted pays one
/// load per change. A value put back whole (a copy of an earlier value assigned over the
/// current one) is not a change: it runs no setter of the state's own fields.
///
/// Every registrar equals every other, and hashes alike, so a state's `Equatable` and
/// `Hashable` conformances compare its fields alone.
public struct ObservationStateRegistrar: Sendable, Hashable {
  /// The observers and, by its identity, the state's.
  @usableFromInline let storage: Storage

  /// The registrar of the toolchain's `Observation`, in an object whose identity is the
  /// state's, with whether a tracking has read the state and whether its changes are counted.
  @usableFromInline
  final class Storage: Sendable {
    @usableFromInline let registrar = ObservationRegistrar()
    /// ``Storage/observed`` and ``Storage/counted``, each set for good: observed by the first
    /// read under ``ObservedReads`` (only then can a tracking have registered with `registrar`,
    /// so only then do reads and changes go through it), counted by the first read recorded
    /// for a ``StateChangeStamp``. One load tells a state that is neither.
    @usableFromInline let modes = Atomic<UInt8>(0)
    /// How many changes were made to the state and its copies since it was first counted.
    @usableFromInline let changes = Atomic<UInt64>(0)

    /// In ``modes``: reads and changes go through `registrar`.
    @inlinable static var observed: UInt8 { 1 }
    /// In ``modes``: changes add one to ``changes``.
    @inlinable static var counted: UInt8 { 2 }

    init() {}

    /// Whether reads and changes go through `registrar`: set already, or set now because a
    /// read registers with a tracking. A read recorded for a ``StateChangeStamp`` is recorded
    /// here.
    @inlinable @inline(__always)
    func isTracked() -> Bool {
      let isObserved = modes.load(ordering: .relaxed) & Self.observed != 0
      let depth = ObservedReads.depth.load(ordering: .relaxed)
      // Nothing to register or record; or registered already, with nothing to record.
      if depth == 0 || (isObserved && depth < ObservedReads.recordingRead) { return isObserved }
      return ObservedReads.register(self) || isObserved
    }

    /// Adds `mode` to ``modes``.
    func set(_ mode: UInt8) {
      if modes.load(ordering: .relaxed) & mode == 0 {
        modes.bitwiseOr(mode, ordering: .relaxed)
      }
    }

    /// Tells the change of a field at `keyPath` of `subject`, already made by `change`, to the
    /// count and the observers its `modes` ask for.
    @inlinable @inline(__always)
    func change<Subject: Observable, Member>(
      _ modes: UInt8, _ subject: Subject, keyPath: () -> KeyPath<Subject, Member>,
      _ change: () -> Void
    ) {
      if modes & Self.counted != 0 { changes.add(1, ordering: .relaxed) }
      if modes & Self.observed != 0 {
        registrar.withMutation(of: subject, keyPath: keyPath(), change)
      } else {
        change()
      }
    }
  }

  /// A registrar for a value being made: a new identity, no observers.
  public init() { storage = Storage() }

  /// The identity of the state that holds this registrar.
  public var id: ObservableStateID { ObservableStateID(location: storage) }

  /// Records that the field at `keyPath` of `subject` was read, for the observation tracking
  /// in progress, if any; nothing at all while no tracking has read this state: not even a
  /// copy of `subject` (a getter's `self`, the whole state), which is made only when the read
  /// registers.
  ///
  /// - Parameters:
  ///   - subject: The observable value read; evaluated only when the read registers.
  ///   - keyPath: The field read; made only when the read registers.
  @inlinable @inline(__always)
  public func access<Subject: Observable, Member>(
    _ subject: @autoclosure () -> Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>
  ) {
    if storage.isTracked() { storage.registrar.access(subject(), keyPath: keyPath()) }
  }

  /// Sets the field at `keyPath` to `newValue`, telling its observers (and counting the
  /// change, if counted) unless the two values are identity-equal (the same child state, say),
  /// or the state is neither tracked nor counted.
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
    let modes = storage.modes.load(ordering: .relaxed)
    if modes != 0, !isIdentityEqual(value, newValue) {
      storage.change(modes, subject, keyPath: keyPath) { value = newValue }
    } else {
      value = newValue
    }
  }

  /// Before the field at `keyPath` is changed in place: the value to compare with afterwards,
  /// or `nil` while the state is neither tracked nor counted (nothing to compare for).
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
    storage.modes.load(ordering: .relaxed) != 0 ? value : nil
  }

  /// After the field at `keyPath` was changed in place: tells its observers (and counts the
  /// change, if counted) unless it is identity-equal to what it was, or the state is neither
  /// tracked nor counted.
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
    let modes = storage.modes.load(ordering: .relaxed)
    guard modes != 0 else { return }
    if let oldValue, isIdentityEqual(oldValue, value) { return }
    storage.change(modes, subject, keyPath: keyPath) {}
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
