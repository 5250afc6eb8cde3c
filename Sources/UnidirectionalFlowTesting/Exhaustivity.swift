/// How strictly a ``TestStore`` checks a test.
public enum Exhaustivity: Sendable, Hashable {
  /// Every state change, every received action and every effect must be asserted.
  case on
  /// Only what the test asserts is checked: unasserted received actions are skipped, a state
  /// assertion checks just the fields it mutates, and effects left running are cancelled.
  ///
  /// With `showSkippedAssertions`, each skipped check is still recorded, as a warning: it shows
  /// in the test's output, with what an exhaustive store would have reported, and does not fail
  /// the test.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without showing the skipped checks: `.off(showSkippedAssertions: false)`.
  public static let off = Self.off(showSkippedAssertions: false)
}
