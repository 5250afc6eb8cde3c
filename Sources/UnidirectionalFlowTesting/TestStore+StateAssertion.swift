import Testing
import UnidirectionalFlow

// How a test store checks a step's state change against what the test describes.
extension TestStore {
  /// Checks that `actual`, the state after `step`, is the asserted state changed by
  /// `updateStateToExpectedResult` (all of it when exhaustive, only what it sets when not), then
  /// makes `actual` the asserted state.
  func expectState(
    _ actual: State,
    after step: String,
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at sourceLocation: SourceLocation
  ) {
    var expected = isExhaustive ? state : actual
    if !isExhaustive { sharedValues = SharedSnapshot(of: actual) }
    do {
      try sharedValues.expect { try updateStateToExpectedResult?(&expected) }
    } catch {
      fail("The state assertion threw \(error).", at: sourceLocation)
    }
    defer {
      state = actual
      sharedValues = SharedSnapshot(of: actual)
    }
    for difference in sharedValues.differences() {
      fail(
        "A shared state change does not match expectation after \(step): \(difference)\n\n"
          + "(Expected: −, Actual: +)", at: sourceLocation)
    }
    if expected != actual {
      fail(
        mismatch(expected: expected, actual: actual, after: step, updateStateToExpectedResult),
        at: sourceLocation)
      return
    }
    guard showsSkippedAssertions else { return }
    // What an exhaustive store would have checked: the change from the last asserted state.
    // Inside `expect`, so that a shared value the assertion sets is not changed for real.
    var exhaustiveExpected = state
    if let updateStateToExpectedResult {
      let applied =
        (try? sharedValues.expect { try updateStateToExpectedResult(&exhaustiveExpected) }) != nil
      guard applied else { return }
    }
    guard exhaustiveExpected != actual else { return }
    skipped(
      mismatch(
        expected: exhaustiveExpected, actual: actual, after: step, updateStateToExpectedResult),
      at: sourceLocation)
  }
}
