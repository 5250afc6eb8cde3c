import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// A counter with a slow "fact" request, a timer, and a few effects that send several actions.
private struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
    var isLoading = false
    var fact: String?
    var isTimerOn = false
  }
  enum Action: Equatable, Sendable, CasePathable {
    case increment
    case incrementAndLoad
    case factButtonTapped
    case factResponse(String)
    case fireAndForget
    case startTimer
    case stopTimer
    case tick
    case burst
    case burstLater

    struct AllCasePaths: Sendable {
      var factResponse: AnyCasePath<Action, String> {
        AnyCasePath(embed: Action.factResponse) {
          if case .factResponse(let fact) = $0 { fact } else { nil }
        }
      }
      var tick: AnyCasePath<Action, Void> {
        AnyCasePath(payloadless: .tick) { if case .tick = $0 { true } else { false } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .incrementAndLoad:
      state.count += 1
      state.isLoading = true
      return .none
    case .factButtonTapped:
      state.isLoading = true
      return .run { [count = state.count] send in
        try await clock.sleep(for: .seconds(1))
        await send(.factResponse("\(count) is a good number."))
      }
    case .factResponse(let fact):
      state.isLoading = false
      state.fact = fact
      return .none
    case .fireAndForget:
      return .run { _ in try await clock.sleep(for: .seconds(5)) }
    case .startTimer:
      state.isTimerOn = true
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer)
    case .stopTimer:
      state.isTimerOn = false
      return .cancel(id: CancelID.timer)
    case .tick:
      state.count += 1
      return .none
    case .burstLater:
      return .run { send in
        await send(.tick)
        await send(.factResponse("later"))
      }
    case .burst:
      return .merge(.send(.tick), .send(.tick), .send(.factResponse("burst")), .send(.tick))
    }
  }
}

@MainActor
private func makeStore(clock: some Clock<Duration> = TestClock()) -> TestStore<
  Counter.State, Counter.Action
> {
  TestStore(initialState: Counter.State()) {
    Counter()
  } withDependencies: {
    $0.continuousClock = clock
  }
}

@Suite struct TestStoreTests {
  @Test @MainActor func sendChecksTheStateChangeAndTracksTheState() async {
    let store = makeStore()
    await store.send(.increment) { $0.count = 1 }
    await store.send(.increment) { $0.count += 1 }
    #expect(store.state == Counter.State(count: 2))
    await store.send(.stopTimer)
    await store.finish()
  }

  @Test @MainActor func sendByCaseKeyPathEmbedsTheValue() async {
    let store = makeStore()
    await store.send(\.factResponse, "Sent by path.") { $0.fact = "Sent by path." }
    await store.finish()
  }

  @Test @MainActor func receiveByValue() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.factButtonTapped) { $0.isLoading = true }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.factResponse("0 is a good number.")) {
      $0.isLoading = false
      $0.fact = "0 is a good number."
    }
    await store.finish()
  }

  @Test @MainActor func receiveByCaseKeyPath() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.factButtonTapped) { $0.isLoading = true }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(\.factResponse) {
      $0.isLoading = false
      $0.fact = "0 is a good number."
    }
    await store.finish()
  }

  @Test @MainActor func receiveByCaseKeyPathAndValue() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.increment) { $0.count = 1 }
    await store.send(.factButtonTapped) { $0.isLoading = true }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(\.factResponse, "1 is a good number.") {
      $0.isLoading = false
      $0.fact = "1 is a good number."
    }
    await store.finish()
  }

  @Test @MainActor func receiveByPredicate() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.factButtonTapped) { $0.isLoading = true }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(
      { $0[case: \.factResponse]?.hasPrefix("0 is") == true },
      assert: {
        $0.isLoading = false
        $0.fact = "0 is a good number."
      })
    await store.finish()
  }

  @Test @MainActor func receiveTakesActionsInTheOrderTheyArrived() async {
    let store = makeStore()
    await store.send(.burst)
    await store.receive(.tick) { $0.count = 1 }
    await store.receive(\.tick) { $0.count = 2 }
    await store.receive(\.factResponse, "burst") { $0.fact = "burst" }
    await store.receive(.tick) { $0.count = 3 }
    await store.send(.burstLater)
    await store.receive(.tick) { $0.count = 4 }
    await store.receive(\.factResponse, "later") { $0.fact = "later" }
    await store.finish()
  }

  @Test @MainActor func aTimerDrivenByATestClock() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.startTimer) { $0.isTimerOn = true }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.count = 1 }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.count = 2 }
    await store.send(.stopTimer) { $0.isTimerOn = false }
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test @MainActor func finishWaitsForEffectsThatSendNothing() async {
    let store = makeStore(clock: ImmediateClock())
    await store.send(.fireAndForget)
    await store.finish()
  }

  @Test @MainActor func skipReceivedActionsAndSkipInFlightEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.burst)
    store.skipReceivedActions()
    #expect(store.state == Counter.State(count: 3, fact: "burst"))
    await store.send(.startTimer) { $0.isTimerOn = true }
    await store.skipInFlightEffects()
    await store.finish()
  }

  @Test @MainActor func nonExhaustiveReceiveSkipsUnassertedActions() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.burst)
    await store.receive(\.factResponse) { $0.fact = "burst" }
    #expect(store.state == Counter.State(count: 2, fact: "burst"))
    await store.receive(.tick) { $0.count = 3 }
    await store.finish()
  }

  @Test @MainActor func nonExhaustiveStateAssertionsCheckOnlyWhatTheyMention() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.incrementAndLoad) { $0.count = 1 }
    await store.send(.incrementAndLoad) { $0.isLoading = true }
    await store.send(.increment)
    #expect(store.state == Counter.State(count: 3, isLoading: true))
    await store.finish()
  }

  @Test @MainActor func nonExhaustiveSendsMayLeaveReceivedActionsAndFinishCancelsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    store.exhaustivity = .off
    store.timeout = .milliseconds(50)
    await store.send(.burst)
    await store.send(.startTimer) { $0.isTimerOn = true }
    #expect(store.state.fact == "burst")
    await clock.waitForSleepers(1)
    await store.finish()
    await clock.waitForSleepers(0)
  }

  @Test @MainActor func aTestStoreIsExhaustiveWithAOneSecondTimeoutByDefault() async {
    let store = makeStore()
    #expect(store.exhaustivity == .on)
    #expect(store.timeout == .seconds(5))
    #expect(store.state == Counter.State())
    await store.finish()
  }
}
