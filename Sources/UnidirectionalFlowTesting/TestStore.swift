import Testing
import UnidirectionalFlow

/// A store for tests that checks, step by step, how a feature changes its state and which
/// actions its effects send back.
///
/// It is exhaustive by default: every state change must be described, every action an effect
/// sends must be received, and every effect must have finished by the end of the test.
///
/// ```swift
/// @Test @MainActor func loginFlow() async {
///   let clock = TestClock()
///   let store = TestStore(initialState: Login.State()) {
///     Login()
///   } withDependencies: {
///     $0.continuousClock = clock
///   }
///   await store.send(\.view.binding.email, "blob@pointfree.co") {
///     $0.email = "blob@pointfree.co"
///   }
///   await store.send(.view(.loginButtonTapped)) { $0.isLoginRequestInFlight = true }
///   await clock.advance(by: .seconds(1))
///   await store.receive(\.loginResponse.success) { $0.isLoginRequestInFlight = false }
///   await store.finish()
/// }
/// ```
///
/// Failures describe the difference between the expected and the actual state as a line diff
/// (`−` expected, `+` actual). Waiting for an effect never sleeps: the store yields until the
/// awaited thing happens, and fails after ``timeout`` if it does not.
@MainActor
public final class TestStore<State: Equatable, Action: Sendable> {
  /// How strictly this store checks the test.
  public var exhaustivity: Exhaustivity = .on
  /// How long `receive` and `finish` wait before failing. Generous, because it only bounds a
  /// failing test: a passing one goes on as soon as the awaited action arrives, and a busy
  /// machine can take a while to schedule an effect's task.
  public var timeout: Duration = .seconds(5)
  /// The state as of the last assertion.
  public private(set) var state: State

  private let sendToStore: (Action) -> StoreTask
  private let currentState: () -> State
  private let store: Store<State, Action>
  private var received: [(action: Action, state: State)] = []
  private var lastSentState: State?
  private var actionObservation: StoreSubscription?
  private let sourceLocation: SourceLocation
  private var didFinish = false
  /// The shared values of ``state``, which the state itself cannot keep: they are references.
  private var sharedValues: SharedSnapshot

  /// Creates a test store running `reducer` from `initialState`.
  ///
  /// Dependencies resolve to their test values unless `prepareDependencies` overrides them;
  /// an unmocked dependency that is used reports a failure naming it.
  ///
  /// - Parameters:
  ///   - initialState: The state the store starts from.
  ///   - reducer: Makes the feature's reducer, inside the test's dependencies.
  ///   - prepareDependencies: Overrides dependencies for the test: a `TestClock` as
  ///     `continuousClock`, a stub client, and so on.
  ///   - sourceLocation: Where a failure that belongs to no one step (an effect still running
  ///     when the store goes away) is reported: the line that creates the store.
  public init<R: Reducer>(
    initialState: State,
    reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  ) where R.State == State, R.Action == Action {
    TestIssueReporter.install
    var dependencies = DependencyValues(context: .test)
    prepareDependencies(&dependencies)
    let store = withDependencies {
      $0 = dependencies
    } operation: {
      Store(initialState: initialState, reducer: reducer)
    }
    self.store = store
    self.state = initialState
    self.sharedValues = SharedSnapshot(of: initialState)
    self.sourceLocation = sourceLocation
    self.sendToStore = { store.send($0) }
    self.currentState = { store.state }
    self.actionObservation = store.observeActions { [unowned self] action, origin in
      switch origin {
      case .send: lastSentState = currentState()
      case .effect: received.append((action, currentState()))
      }
    }
  }

  /// Creates a test store running the body of `reducer`, evaluated once, with the store's
  /// dependencies.
  ///
  /// - Parameters:
  ///   - initialState: The state the store starts from.
  ///   - reducer: Makes the feature's reducer, whose body is evaluated inside the test's
  ///     dependencies.
  ///   - prepareDependencies: Overrides dependencies for the test: a `TestClock` as
  ///     `continuousClock`, a stub client, and so on.
  ///   - sourceLocation: Where a failure that belongs to no one step (an effect still running
  ///     when the store goes away) is reported: the line that creates the store.
  public convenience init<R: Reducer>(
    initialState: State,
    reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  )
  where
    R.State == State, R.Action == Action, R.Body: Reducer, R.Body.State == State,
    R.Body.Action == Action
  {
    self.init(
      initialState: initialState, reducer: { reducer().body },
      withDependencies: prepareDependencies, sourceLocation: sourceLocation)
  }

  isolated deinit {
    guard !didFinish, exhaustivity == .on else {
      store.cancelEffects()
      return
    }
    checkCompletion(sourceLocation: sourceLocation)
    store.cancelEffects()
  }

  /// Sends `action` and checks that the state changed exactly as `updateStateToExpectedResult`
  /// describes (starting from the state as of the last assertion).
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - updateStateToExpectedResult: Changes the state as of the last assertion into the
  ///     state expected now; `nil` when the state must not change.
  ///   - sourceLocation: Where a failure of this step is reported: the call's line, unless
  ///     given.
  /// - Returns: A handle on the effects the action started: await its `finish()` to wait for
  ///   them, or cancel them.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> StoreTask {
    if !received.isEmpty {
      if exhaustivity == .on {
        fail(
          "Must handle \(received.count) received action(s) before sending an action:\n"
            + received.map { "  " + describe($0.action) }.joined(separator: "\n"),
          at: sourceLocation)
      }
      state = received.last!.state
      received.removeAll()
    }
    lastSentState = nil
    let task = sendToStore(action)
    let actual = lastSentState ?? currentState()
    expectState(actual, after: describe(action), updateStateToExpectedResult, at: sourceLocation)
    await Task.yield()
    return task
  }

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

  /// Waits for every effect to finish (up to ``timeout``), then checks that nothing is left
  /// unasserted. Call it at the end of a test whose effects are still running.
  ///
  /// - Parameter sourceLocation: Where a failure is reported: the call's line, unless given.
  public func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
    let finished = await waitUntil { store.effectsInFlight == 0 }
    didFinish = true
    if exhaustivity == .off {
      store.cancelEffects()
      if let last = received.last { state = last.state }
      received.removeAll()
      return
    }
    if !finished {
      fail(
        "\(store.effectsInFlight) effect(s) still running after \(timeout). Every effect must "
          + "finish (or be cancelled) before the end of the test; advance the test clock or "
          + "cancel it.", at: sourceLocation)
      // Wait for the cancelled effects to end. They were reported once, here, even if they
      // take longer than `timeout` to end (on a loaded machine, under a sanitizer).
      await skipInFlightEffects()
    }
    checkCompletion(sourceLocation: sourceLocation, checkingEffects: finished)
  }

  /// Drops the actions received so far without asserting them.
  public func skipReceivedActions() {
    if let last = received.last { state = last.state }
    received.removeAll()
    sharedValues = SharedSnapshot(of: state)
  }

  /// Cancels every effect still running, so the test can end without waiting for them.
  public func skipInFlightEffects() async {
    store.cancelEffects()
    _ = await waitUntil { store.effectsInFlight == 0 }
  }

  private func receive(
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
      if exhaustivity == .on {
        fail(
          "Received an unexpected action. Expected \(expectation), received:\n  "
            + describe(next.action), at: sourceLocation)
        state = next.state
        return
      }
      state = next.state
    }
  }

  private func expectState(
    _ actual: State,
    after step: String,
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at sourceLocation: SourceLocation
  ) {
    var expected = exhaustivity == .on ? state : actual
    if exhaustivity == .off { sharedValues = SharedSnapshot(of: actual) }
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
    guard expected != actual else { return }
    let diff = lineDiff(expected: stateDump(expected), actual: stateDump(actual)) ?? ""
    let headline =
      updateStateToExpectedResult == nil
      ? "State was not expected to change, but a change occurred after \(step):"
      : "A state change does not match expectation after \(step):"
    fail("\(headline)\n\n\(diff)\n\n(Expected: −, Actual: +)", at: sourceLocation)
  }

  private func checkCompletion(sourceLocation: SourceLocation, checkingEffects: Bool = true) {
    if !received.isEmpty {
      fail(
        "The store received \(received.count) unexpected action(s) that were not asserted:\n"
          + received.map { "  " + describe($0.action) }.joined(separator: "\n"),
        at: sourceLocation)
      received.removeAll()
    }
    if checkingEffects, store.effectsInFlight > 0 {
      fail(
        "\(store.effectsInFlight) effect(s) still running at the end of the test. Every effect "
          + "must finish (or be cancelled) before the test ends; await store.finish() or "
          + "cancel it.", at: sourceLocation)
    }
  }

  /// Yields to other tasks until `condition` holds or ``timeout`` passes; never sleeps.
  private func waitUntil(_ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !condition() {
      if clock.now >= deadline { return false }
      await Task.yield()
    }
    return true
  }

  private func describe(_ action: Action) -> String {
    stateDump(action).split(separator: "\n", omittingEmptySubsequences: false).joined(
      separator: "\n  ")
  }

  /// Names the case `path` leads to. A case key path cannot name itself (it prints as memory
  /// addresses), so a case without payload is shown as the action, any other by payload type.
  private func describe<Value>(_ path: AnyCasePath<Action, Value>) -> String {
    if let void = () as? Value { return describe(path.embed(void)) }
    return "an action of a case with a payload of type \(Value.self)"
  }

  private func fail(_ message: String, at sourceLocation: SourceLocation) {
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }
}
