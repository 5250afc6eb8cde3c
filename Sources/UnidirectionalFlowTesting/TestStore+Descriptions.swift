import Testing
import UnidirectionalFlow

// How a test store words its failures.
extension TestStore {
  /// The failure message for a state that differs from the expected one.
  func mismatch(
    expected: State, actual: State, after step: String,
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?
  ) -> String {
    let diff = lineDiff(expected: stateDump(expected), actual: stateDump(actual)) ?? ""
    let headline =
      updateStateToExpectedResult == nil
      ? "State was not expected to change, but a change occurred after \(step):"
      : "A state change does not match expectation after \(step):"
    return "\(headline)\n\n\(diff)\n\n(Expected: −, Actual: +)"
  }

  func unassertedActionsMessage() -> String {
    "The store received \(received.count) unexpected action(s) that were not asserted:\n"
      + describeReceived()
  }

  func describeReceived() -> String {
    received.map { "  " + describe($0.action) }.joined(separator: "\n")
  }

  func describe(_ action: Action) -> String {
    stateDump(action).split(separator: "\n", omittingEmptySubsequences: false).joined(
      separator: "\n  ")
  }

  /// Names the case `path` leads to. A case key path cannot name itself (it prints as memory
  /// addresses), so a case without payload is shown as the action, any other by payload type.
  func describe<Value>(_ path: AnyCasePath<Action, Value>) -> String {
    if let void = () as? Value { return describe(path.embed(void)) }
    return "an action of a case with a payload of type \(Value.self)"
  }
}
