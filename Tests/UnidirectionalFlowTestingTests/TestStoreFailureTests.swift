import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

private struct Feature: Reducer {
  struct State: Equatable {
    var count = 0
    var name = "Blob"
  }
  enum Action: Equatable, Sendable, CasePathable {
    case increment
    case rename(String)
    case load
    case loaded(Int)
    case startTimer
    case tick

    struct AllCasePaths: Sendable {
      var loaded: AnyCasePath<Action, Int> {
        AnyCasePath(embed: Action.loaded) { if case .loaded(let value) = $0 { value } else { nil } }
      }
      var tick: AnyCasePath<Action, Void> {
        AnyCasePath(payloadless: .tick) { if case .tick = $0 { true } else { false } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .rename(let name):
      state.name = name
      return .none
    case .load:
      return .send(.loaded(42))
    case .loaded(let value):
      state.count = value
      return .none
    case .startTimer:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      return .none
    }
  }
}

private struct Boom: Error {}

@MainActor
private func makeStore(clock: TestClock<Duration> = TestClock()) -> TestStore<
  Feature.State, Feature.Action
> {
  let store = TestStore(initialState: Feature.State()) {
    Feature()
  } withDependencies: {
    $0.continuousClock = clock
  }
  // Failures that wait give up quickly.
  store.timeout = .milliseconds(50)
  return store
}

extension Issue {
  /// Whether this issue carries a comment equal to `message`.
  fileprivate func hasComment(_ message: String) -> Bool {
    comments.contains { $0.rawValue == message }
  }
}

@Suite struct TestStoreFailureTests {
  @Test @MainActor func aWrongStateExpectationFailsWithALineDiff() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      issue.hasComment(
        """
        A state change does not match expectation after Action.increment:

         State(
        \u{2212}  count: 2,
        +  count: 1,
           name: "Blob"
         )

        (Expected: \u{2212}, Actual: +)
        """)
    }
    // After a failure the store continues from the actual state.
    await store.send(.increment) { $0.count = 2 }
    await store.finish()
  }

  @Test @MainActor func aStateChangeWithoutAnAssertionFails() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.rename("Blob Jr."))
    } matching: { issue in
      issue.hasComment(
        """
        State was not expected to change, but a change occurred after \
        Action.rename("Blob Jr."):

         State(
           count: 0,
        \u{2212}  name: "Blob"
        +  name: "Blob Jr."
         )

        (Expected: \u{2212}, Actual: +)
        """)
    }
    await store.finish()
  }

  @Test @MainActor func aWrongExpectationForAReceivedActionFails() async {
    let store = makeStore()
    await store.send(.load)
    await withKnownIssue {
      await store.receive(.loaded(42)) { $0.count = 41 }
    } matching: { issue in
      issue.hasComment(
        """
        A state change does not match expectation after Action.loaded(42):

         State(
        \u{2212}  count: 41,
        +  count: 42,
           name: "Blob"
         )

        (Expected: \u{2212}, Actual: +)
        """)
    }
    await store.finish()
  }

  @Test @MainActor func aThrowingAssertionFails() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.rename("Blob")) { _ in throw Boom() }
    } matching: { issue in
      issue.hasComment("The state assertion threw Boom().")
    }
    await store.finish()
  }

  @Test @MainActor func nonExhaustiveStoresStillCheckWhatIsAsserted() async {
    let store = makeStore()
    store.exhaustivity = .off
    await withKnownIssue {
      await store.send(.increment) { $0.count = 5 }
    } matching: { issue in
      issue.hasComment(
        """
        A state change does not match expectation after Action.increment:

         State(
        \u{2212}  count: 5,
        +  count: 1,
           name: "Blob"
         )

        (Expected: \u{2212}, Actual: +)
        """)
    }
    await store.finish()
  }

  @Test @MainActor func anUnexpectedReceivedActionFails() async {
    let store = makeStore()
    await store.send(.load)
    await withKnownIssue {
      await store.receive(.tick)
    } matching: { issue in
      issue.hasComment(
        "Received an unexpected action. Expected Action.tick, received:\n  Action.loaded(42)")
    }
    // The unexpected action was consumed; its state change is accepted.
    #expect(store.state.count == 42)
    await store.finish()
  }

  @Test @MainActor func anUnexpectedActionFailsACaseKeyPathReceiveToo() async {
    let store = makeStore()
    await store.send(.load)
    await withKnownIssue {
      await store.receive(\.tick)
    } matching: { issue in
      issue.hasComment(
        "Received an unexpected action. Expected Action.tick, received:\n  Action.loaded(42)")
    }
    await store.finish()
  }

  @Test @MainActor func aWrongPayloadFailsACaseKeyPathAndValueReceive() async {
    let store = makeStore()
    await store.send(.load)
    await withKnownIssue {
      await store.receive(\.loaded, 7)
    } matching: { issue in
      issue.hasComment(
        "Received an unexpected action. Expected Action.loaded(7), received:\n  Action.loaded(42)")
    }
    await store.finish()
  }

  @Test @MainActor func receivingWhenNothingArrivesFails() async {
    let store = makeStore()
    await withKnownIssue {
      await store.receive(.tick)
    } matching: { issue in
      issue.hasComment(
        "Expected to receive Action.tick, but received none after 0.05 seconds "
          + "(no effect is running).")
    }
    await store.finish()
  }

  @Test @MainActor func receivingByCaseKeyPathWhenNothingArrivesNamesThePayloadType() async {
    let store = makeStore()
    await withKnownIssue {
      await store.receive(\.loaded)
    } matching: { issue in
      issue.hasComment(
        "Expected to receive an action of a case with a payload of type Int, but received none "
          + "after 0.05 seconds (no effect is running).")
    }
    await store.finish()
  }

  @Test @MainActor func receivingWhileAnEffectIsStillRunningFailsWithAHint() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.startTimer)
    await clock.waitForSleepers(1)
    await withKnownIssue {
      await store.receive(.tick)
    } matching: { issue in
      issue.hasComment(
        "Expected to receive Action.tick, but received none after 0.05 seconds "
          + "(1 effect(s) still running; advance the test clock?).")
    }
    await store.skipInFlightEffects()
    await store.finish()
  }

  @Test @MainActor func sendingWhileReceivedActionsAreUnhandledFails() async {
    let store = makeStore()
    await store.send(.load)
    await withKnownIssue {
      await store.send(.increment) { $0.count = 43 }
    } matching: { issue in
      issue.hasComment(
        "Must handle 1 received action(s) before sending an action:\n  Action.loaded(42)")
    }
    #expect(store.state.count == 43)
    await store.finish()
  }

  @Test @MainActor func finishingWithAnEffectStillRunningFailsOnce() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.startTimer)
    await clock.waitForSleepers(1)
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      issue.hasComment(
        "1 effect(s) still running after 0.05 seconds. Every effect must finish (or be "
          + "cancelled) before the end of the test; advance the test clock or cancel it.")
    }
    // The store cancelled the effect it complained about.
    await clock.waitForSleepers(0)
  }

  @Test @MainActor func finishingWithUnassertedReceivedActionsFails() async {
    let store = makeStore()
    await store.send(.load)
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      issue.hasComment(
        "The store received 1 unexpected action(s) that were not asserted:\n  Action.loaded(42)")
    }
  }
}
