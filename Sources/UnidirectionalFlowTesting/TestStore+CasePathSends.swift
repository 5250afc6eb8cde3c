import Testing
import UnidirectionalFlow

extension TestStore {
  /// Sends the action at `casePath` with `value`: `send(\.view.binding.email, "a@b.c")`.
  ///
  /// - Parameters:
  ///   - casePath: The case key path of the action.
  ///   - value: The action's payload.
  ///   - updateStateToExpectedResult: Changes the state as of the last assertion into the
  ///     state expected now; `nil` when the state must not change.
  ///   - sourceLocation: Where a failure of this step is reported: the call's line, unless
  ///     given.
  /// - Returns: A handle on the effects the action started.
  @discardableResult
  public func send<Value>(
    _ casePath: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> StoreTask where Action: CasePathable {
    await send(
      Action.casePath(casePath).embed(value), assert: updateStateToExpectedResult,
      sourceLocation: sourceLocation)
  }

  /// Sends the action at `casePath`, a case without payload:
  /// `send(\.view.loginButtonTapped)`.
  ///
  /// - Parameters:
  ///   - casePath: The case key path of the action.
  ///   - updateStateToExpectedResult: Changes the state as of the last assertion into the
  ///     state expected now; `nil` when the state must not change.
  ///   - sourceLocation: Where a failure of this step is reported: the call's line, unless
  ///     given.
  /// - Returns: A handle on the effects the action started.
  @discardableResult
  public func send(
    _ casePath: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> StoreTask where Action: CasePathable {
    await send(
      Action.casePath(casePath).embed(()), assert: updateStateToExpectedResult,
      sourceLocation: sourceLocation)
  }
}
