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
  ///
  /// Its setter is internal, not private: the store's concerns live in files of their own
  /// (`TestStore+StateAssertion`, `+Receiving`, `+Exhaustivity`, `+Effects`), and each one
  /// moves the asserted state forward. Outside this module it is read-only.
  public internal(set) var state: State

  private let sendToStore: (Action) -> StoreTask
  private let currentState: () -> State
  let store: Store<State, Action>
  /// The actions effects sent that no `receive` has asserted yet, with the state after each.
  var received: [(action: Action, state: State)] = []
  private var lastSentState: State?
  private var actionObservation: StoreSubscription?
  /// Where the test created the store: what the release check reports at.
  let sourceLocation: SourceLocation
  /// Whether ``finish(sourceLocation:)`` already checked the end of the test.
  var didFinish = false
  /// The shared values of ``state``, which the state itself cannot keep: they are references.
  var sharedValues: SharedSnapshot

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

  /// Drops the actions received so far without asserting them.
  public func skipReceivedActions() {
    if let last = received.last { state = last.state }
    received.removeAll()
    sharedValues = SharedSnapshot(of: state)
  }
}
