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
///   await store.send(\.view.loginButtonTapped) { $0.isLoginRequestInFlight = true }
///   await clock.advance(by: .seconds(1))
///   await store.receive(\.loginResponse.success) { $0.isLoginRequestInFlight = false }
/// }
/// ```
///
/// Failures describe the difference between the expected and the actual state as a line diff
/// (`−` expected, `+` actual), and are recorded at the line of the failing call, or of the
/// `TestStore(` for what is checked when the store is released. Waiting for an effect never
/// sleeps: the store yields until the awaited thing happens, and fails after ``timeout`` if it
/// does not.
///
/// `Action` need not be `Sendable`: the store, its effects and their sends all stay on the
/// main actor.
@MainActor
public final class TestStore<State: Equatable, Action> {
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
  private(set) var received: [(action: Action, state: State)] = []
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
    MainActorCheck.markMainQueue
    var dependencies = DependencyValues(context: .test)
    prepareDependencies(&dependencies)
    let store = TestIssueReporter.$location.withValue(sourceLocation) {
      withDependencies {
        $0 = dependencies
      } operation: {
        Store(initialState: initialState, reducer: reducer)
      }
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

  // Not `isolated`: an isolated deinitializer runs without the task's locals, so Swift Testing
  // would not know which test a failure found here belongs to («unknown»). A test that holds
  // the store is on the main actor, so it releases it there, where this runs inline, in the
  // test's own task.
  deinit {
    guard MainActorCheck.isOnMainActor else {
      fail(
        "A TestStore was released off the main actor, so the end of the test was not checked; "
          + "hold it in a @MainActor test.", at: sourceLocation)
      return
    }
    MainActor.assumeIsolated { checkAtRelease() }
  }

  /// What the end of the test checks, unless ``finish(sourceLocation:)`` already did.
  private func checkAtRelease() {
    defer { store.cancelEffects() }
    guard !didFinish else { return }
    guard isExhaustive else {
      skipRemaining(at: sourceLocation)
      return
    }
    checkCompletion(sourceLocation: sourceLocation)
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
      let message =
        "Must handle \(received.count) received action(s) before sending an action:\n"
        + describeReceived()
      if isExhaustive {
        fail(message, at: sourceLocation)
      } else {
        skipped(message, at: sourceLocation)
      }
      state = received.last!.state
      received.removeAll()
    }
    lastSentState = nil
    // Effects started here report their issues at this line (see `TestIssueReporter`).
    let task = TestIssueReporter.$location.withValue(sourceLocation) { sendToStore(action) }
    let actual = lastSentState ?? currentState()
    expectState(actual, after: describe(action), updateStateToExpectedResult, at: sourceLocation)
    await Task.yield()
    return task
  }

  /// Waits for every effect to finish (up to ``timeout``), then checks that nothing is left
  /// unasserted. Call it at the end of a test whose effects are still running.
  ///
  /// - Parameter sourceLocation: Where a failure is reported: the call's line, unless given.
  public func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
    let finished = await waitUntil { store.effectsInFlight == 0 }
    didFinish = true
    guard isExhaustive else {
      skipRemaining(at: sourceLocation)
      store.cancelEffects()
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

  private func expectState(
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

  private func checkCompletion(sourceLocation: SourceLocation, checkingEffects: Bool = true) {
    if !received.isEmpty {
      fail(unassertedActionsMessage(), at: sourceLocation)
      received.removeAll()
    }
    if checkingEffects, store.uncancelledEffectsInFlight > 0 {
      fail(
        "\(store.uncancelledEffectsInFlight) effect(s) still running at the end of the test. Every effect "
          + "must finish (or be cancelled) before the test ends; await store.finish() or "
          + "cancel it.", at: sourceLocation)
    }
  }

  /// Skips what a non-exhaustive store leaves at the end: received actions not asserted, and
  /// effects still running (which the caller cancels).
  private func skipRemaining(at sourceLocation: SourceLocation) {
    if !received.isEmpty {
      skipped(unassertedActionsMessage(), at: sourceLocation)
      state = received.last!.state
      received.removeAll()
    }
    if store.effectsInFlight > 0 {
      skipped(
        "\(store.effectsInFlight) effect(s) still running at the end of the test were cancelled.",
        at: sourceLocation)
    }
  }

  private var isExhaustive: Bool { exhaustivity == .on }

  private var showsSkippedAssertions: Bool {
    exhaustivity == .off(showSkippedAssertions: true)
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

  private nonisolated func fail(_ message: String, at sourceLocation: SourceLocation) {
    recordTestFailure(message, at: sourceLocation)
  }

  /// Shows a check a non-exhaustive store skipped, as a warning, if the test asked for them.
  private func skipped(_ message: String, at sourceLocation: SourceLocation) {
    guard showsSkippedAssertions else { return }
    Issue.record(
      Comment(rawValue: "Skipped assertion (exhaustivity is off): " + message),
      severity: .warning, sourceLocation: sourceLocation)
  }
}
