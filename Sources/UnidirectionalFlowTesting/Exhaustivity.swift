/// How strictly a ``TestStore`` checks a test.
public enum Exhaustivity: Sendable, Hashable {
  /// Every state change, every received action and every effect must be asserted.
  case on
  /// Only what the test asserts is checked: unasserted received actions are skipped, a state
  /// assertion checks just the fields it mutates, and effects left running are cancelled.
  case off
}
