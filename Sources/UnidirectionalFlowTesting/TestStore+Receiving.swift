import Testing
import UnidirectionalFlow

extension TestStore {
  /// Waits for the next action an effect sends, checks that it equals `expectedAction`, and
  /// checks the state change it caused.
  ///
  /// - Parameters:
  ///   - expectedAction: The action the effect must send next.
  ///   - updateStateToExpectedResult: Changes the state as of the last assertion into the
  ///     state expected now; `nil` when the state must not change.
  ///   - sourceLocation: Where a failure of this step is reported: the call's line, unless
  ///     given.
  public func receive(
    _ expectedAction: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async where Action: Equatable {
    await receive(
      matching: { $0 == expectedAction }, expectation: describe(expectedAction),
      updateStateToExpectedResult, sourceLocation: sourceLocation)
  }

  /// Waits for the next action an effect sends and checks that it is in the case at
  /// `casePath`: `receive(\.loginResponse.success)`.
  ///
  /// - Parameters:
  ///   - casePath: The case the received action must be in, whatever its payload.
  ///   - updateStateToExpectedResult: Changes the state as of the last assertion into the
  ///     state expected now; `nil` when the state must not change.
  ///   - sourceLocation: Where a failure of this step is reported: the call's line, unless
  ///     given.
  public func receive<Value>(
    _ casePath: CaseKeyPath<Action, Value>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async where Action: CasePathable {
    let path = Action.casePath(casePath)
    await receive(
      matching: { path.extract(from: $0) != nil }, expectation: describe(path),
      updateStateToExpectedResult, sourceLocation: sourceLocation)
  }

  /// Waits for the next action an effect sends and checks that it is in the case at
  /// `casePath` with payload `value`.
  ///
  /// - Parameters:
  ///   - casePath: The case the received action must be in.
  ///   - value: The payload it must carry.
  ///   - updateStateToExpectedResult: Changes the state as of the last assertion into the
  ///     state expected now; `nil` when the state must not change.
  ///   - sourceLocation: Where a failure of this step is reported: the call's line, unless
  ///     given.
  public func receive<Value: Equatable>(
    _ casePath: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async where Action: CasePathable {
    let path = Action.casePath(casePath)
    await receive(
      matching: { path.extract(from: $0) == value }, expectation: describe(path.embed(value)),
      updateStateToExpectedResult, sourceLocation: sourceLocation)
  }

  /// Waits for the next action an effect sends and checks that `isMatching` accepts it.
  ///
  /// - Parameters:
  ///   - isMatching: Whether the received action is the one expected.
  ///   - updateStateToExpectedResult: Changes the state as of the last assertion into the
  ///     state expected now; `nil` when the state must not change.
  ///   - sourceLocation: Where a failure of this step is reported: the call's line, unless
  ///     given.
  public func receive(
    _ isMatching: (Action) -> Bool,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await receive(
      matching: isMatching, expectation: "an action matching the predicate",
      updateStateToExpectedResult, sourceLocation: sourceLocation)
  }

  /// Waits for the next received action and checks it against `isMatching`; a non-exhaustive
  /// store skips the ones that do not match until one does.
  func receive(
    matching isMatching: (Action) -> Bool,
    expectation: String,
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    sourceLocation: SourceLocation
  ) async {
    while true {
      guard await waitUntil({ !received.isEmpty }) else {
        fail(
          "Expected to receive \(expectation), but received none after \(timeout)"
            + (store.effectsInFlight > 0
              ? " (\(store.effectsInFlight) effect(s) still running; advance the test clock?)."
              : " (no effect is running)."),
          at: sourceLocation)
        return
      }
      let next = received.removeFirst()
      if isMatching(next.action) {
        expectState(
          next.state, after: describe(next.action), updateStateToExpectedResult,
          at: sourceLocation)
        return
      }
      if isExhaustive {
        fail(
          "Received an unexpected action. Expected \(expectation), received:\n  "
            + describe(next.action), at: sourceLocation)
        state = next.state
        return
      }
      skipped(
        "Skipped receiving \(describe(next.action)) while expecting \(expectation).",
        at: sourceLocation)
      state = next.state
    }
  }
}
