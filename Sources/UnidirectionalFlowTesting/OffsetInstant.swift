/// A point in a manually driven clock's time, stored as an offset from the clock's zero instant.
///
/// ``TestClock`` and ``ImmediateClock`` have no relation to wall time, so an instant is simply
/// the duration elapsed since an arbitrary origin.
public struct OffsetInstant<Duration: DurationProtocol & Hashable>: InstantProtocol {
  /// How far this instant lies from the clock's zero instant.
  public var offset: Duration

  /// Creates an instant at the given offset from zero; the default is the zero instant.
  ///
  /// - Parameter offset: The instant's offset from zero.
  public init(offset: Duration = .zero) {
    self.offset = offset
  }

  /// Returns the instant that lies `duration` after this one.
  ///
  /// - Parameter duration: How far to advance; negative goes back.
  /// - Returns: The later instant.
  public func advanced(by duration: Duration) -> Self {
    Self(offset: offset + duration)
  }

  /// Returns the duration from this instant to `other` (negative if `other` is earlier).
  ///
  /// - Parameter other: The other instant.
  /// - Returns: The duration between them.
  public func duration(to other: Self) -> Duration {
    other.offset - offset
  }

  /// Orders instants by their offset from zero.
  ///
  /// - Parameters:
  ///   - lhs: An instant.
  ///   - rhs: Another instant.
  /// - Returns: Whether `lhs` is earlier.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.offset < rhs.offset
  }
}
