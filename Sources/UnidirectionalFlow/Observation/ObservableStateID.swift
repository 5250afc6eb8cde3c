/// The identity of an ``ObservableState`` value (see `ObservableState._$id`).
///
/// A struct's identity is the place its observation registrar keeps its observers, made when
/// the value is made; an enum's is its case with the identity of the state the case carries.
public struct ObservableStateID: Hashable, Sendable {
  /// The object whose identity this is; kept alive so that no other value can reuse its
  /// address while this identity exists.
  private let location: any AnyObject & Sendable
  /// Which enum cases lead to the value, folded into one number; 0 for a struct.
  private let path: Int

  /// An object with nothing but its identity.
  private final class Location: Sendable {}

  init(location: any AnyObject & Sendable, path: Int = 0) {
    self.location = location
    self.path = path
  }

  /// A new identity, equal to no other.
  public init() { self.init(location: Location()) }

  /// The identity of a payload-less enum case: the same for every such case, told apart by
  /// ``_$tagged(_:)``.
  public static let _$inert = ObservableStateID()

  /// The identity of `value` if it is an ``ObservableState``; otherwise a new identity, so that
  /// a value this library cannot see into always counts as changed.
  public static func _$id<T>(for value: T) -> ObservableStateID {
    (value as? any ObservableState)?._$id ?? ObservableStateID()
  }

  /// This identity under the enum case numbered `tag`: what `@ObservableState` makes an enum's
  /// identity from.
  public func _$tagged(_ tag: Int) -> ObservableStateID {
    ObservableStateID(location: location, path: path &* 1_000_003 &+ tag &+ 1)
  }

  /// The registrar storage of the struct with this identity; `nil` for anything but a
  /// struct's own identity (an enum case's).
  var storage: ObservationStateRegistrar.Storage? {
    path == 0 ? location as? ObservationStateRegistrar.Storage : nil
  }

  /// Whether a field of the struct with this identity may be written straight at its storage,
  /// without its setter: false for a struct a tracking may be watching (see
  /// ``ObservationStateRegistrar``), and for anything but a struct's own identity. A counted
  /// struct's change count is bumped, as its setter would.
  func admitsStraightWrite() -> Bool {
    guard path == 0, let storage = location as? ObservationStateRegistrar.Storage else {
      return false
    }
    let modes = storage.modes.load(ordering: .relaxed)
    if modes & ObservationStateRegistrar.Storage.observed != 0 { return false }
    if modes & ObservationStateRegistrar.Storage.counted != 0 {
      storage.changes.add(1, ordering: .relaxed)
    }
    return true
  }

  /// Whether the two are one identity: the same object, under the same enum cases.
  ///
  /// - Parameters:
  ///   - lhs: An identity.
  ///   - rhs: Another identity.
  /// - Returns: Whether they are the same identity.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.location === rhs.location && lhs.path == rhs.path
  }

  /// Hashes the object's identity and the enum cases.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(location))
    hasher.combine(path)
  }
}
