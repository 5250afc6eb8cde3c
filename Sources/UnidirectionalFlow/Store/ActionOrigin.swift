/// Where an action processed by a store came from.
public enum ActionOrigin: Sendable, Hashable {
  /// Sent to the store from outside: a user interface, a front end, a test.
  case send
  /// Sent back by an effect the store was running.
  case effect
}
