import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

private enum CancelID {
  case timer
  case search
  case late
}

/// A `Ticker` (the same state and timer) whose timer is cancellable by identifier, which `stop`
/// cancels; the building block of every feature below.
private struct Timer: Reducer {
  typealias State = Ticker.State
  enum Action: Equatable, Sendable {
    case start
    case stop
    case tick
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .send(.tick, everySecondOn: clock).cancellable(id: CancelID.timer)
    case .stop:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

private struct Search: Reducer {
  struct State: Equatable {
    var query = ""
    var results: [String] = []
  }
  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case response(String)
    case startStubborn
    case startConcatenation
    case startTwo
    case cancelLate
    case late
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      return .run { send in
        try await clock.sleep(for: .milliseconds(300))
        await send(.response(query))
      }
      .cancellable(id: CancelID.search, cancelInFlight: true)
    case .response(let result):
      state.results.append(result)
      return .none
    case .startStubborn:
      // Ignores cancellation and tries to send anyway.
      return .run { send in
        try? await clock.sleep(for: .seconds(1))
        await send(.late)
      }
      .cancellable(id: CancelID.late)
    case .startConcatenation:
      return .concatenate(
        .run { _ in try await clock.sleep(for: .seconds(1)) },
        .send(.late)
      )
      .cancellable(id: CancelID.late)
    case .startTwo:
      return .merge(
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.late)
        },
        .run { send in
          try await clock.sleep(for: .seconds(2))
          await send(.late)
        }
      )
      .cancellable(id: CancelID.late)
    case .cancelLate:
      return .cancel(id: CancelID.late)
    case .late:
      state.results.append("late")
      return .none
    }
  }
}

/// Rows that all use the same cancellation identifier.
private struct Rows: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Timer.State> = [Timer.State(id: 1), Timer.State(id: 2)]
  }
  enum Action: Equatable, Sendable, CasePathable {
    case rows(IdentifiedActionOf<Timer>)

    struct AllCasePaths: Sendable {
      var rows: AnyCasePath<Action, IdentifiedActionOf<Timer>> {
        AnyCasePath(embed: Action.rows) { if case .rows(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some Reducer<State, Action> {
    EmptyReducer()
      .forEach(\.rows, action: \.rows) { Timer() }
  }
}

/// A parent with its own timer that presents a child with a timer, both under the same id.
private struct Host: Reducer {
  struct State: Equatable {
    var own = Timer.State()
    var child: Timer.State? = Timer.State()
  }
  enum Action: Equatable, Sendable, CasePathable {
    case own(Timer.Action)
    case child(PresentationAction<Timer.Action>)

    struct AllCasePaths: Sendable {
      var own: AnyCasePath<Action, Timer.Action> {
        AnyCasePath(embed: Action.own) { if case .own(let a) = $0 { a } else { nil } }
      }
      var child: AnyCasePath<Action, PresentationAction<Timer.Action>> {
        AnyCasePath(embed: Action.child) { if case .child(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.own, action: \.own) { Timer() }
      .ifLet(\.child, action: \.child) { Timer() }
  }
}

@MainActor
private func makeStore<R: Reducer>(
  _ initialState: R.State, clock: TestClock<Duration>, _ reducer: () -> R
) -> TestStore<R.State, R.Action> where R.State: Equatable, R.Action: Sendable {
  TestStore(initialState: initialState, reducer: reducer) { $0.continuousClock = clock }
}

/// The same for a feature with a body: the store holds what its body builds, evaluated once
/// (the overload above would run the feature, and so build its body, for every action).
@MainActor
private func makeStore<R: Reducer>(
  _ initialState: R.State, clock: TestClock<Duration>, _ reducer: () -> R
) -> TestStore<R.State, R.Action>
where
  R.State: Equatable, R.Action: Sendable, R.Body: Reducer, R.Body.State == R.State,
  R.Body.Action == R.Action
{
  TestStore(initialState: initialState, reducer: reducer) { $0.continuousClock = clock }
}

@Suite struct EffectCancellationTests {
  @Test @MainActor func cancelStopsAnEffectMadeCancellableWithTheSameID() async {
    let clock = TestClock()
    let store = makeStore(Timer.State(), clock: clock) { Timer() }
    await store.send(.start)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await clock.waitForSleepers(1)
    await store.send(.stop)
    #expect(clock.pendingSleepers == 0)
    await clock.advance(by: .seconds(60))
    await store.finish()
  }

  @Test @MainActor func cancellingAnUnknownIDDoesNothing() async {
    let clock = TestClock()
    let store = makeStore(Search.State(), clock: clock) { Search() }
    await store.send(.cancelLate)
    await store.send(.startTwo)
    await clock.waitForSleepers(2)
    await store.send(.queryChanged("a")) { $0.query = "a" }
    await clock.waitForSleepers(3)
    await store.send(.cancelLate)
    // Both effects under the id stopped; the search, under another id, did not.
    #expect(clock.pendingSleepers == 1)
    await clock.advance(by: .milliseconds(300))
    await store.receive(.response("a")) { $0.results = ["a"] }
    await store.finish()
  }

  @Test @MainActor func cancelInFlightDebouncesToTheLatestRequest() async {
    let clock = TestClock()
    let store = makeStore(Search.State(), clock: clock) { Search() }
    await store.send(.queryChanged("c")) { $0.query = "c" }
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("co")) { $0.query = "co" }
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("com")) { $0.query = "com" }
    await clock.waitForSleepers(1)
    // The first two requests would have answered at 300ms and 500ms.
    await clock.advance(by: .milliseconds(299))
    #expect(clock.pendingSleepers == 1)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.response("com")) { $0.results = ["com"] }
    await store.finish()
  }

  @Test @MainActor func aCancelledEffectThatIgnoresCancellationCannotSend() async {
    let clock = TestClock()
    let store = makeStore(Search.State(), clock: clock) { Search() }
    await store.send(.startStubborn)
    await clock.waitForSleepers(1)
    await store.send(.cancelLate)
    // The effect runs to its end and calls `send(.late)`, which is dropped.
    await store.finish()
    #expect(store.state.results.isEmpty)
  }

  @Test @MainActor func aCancelledConcatenationStartsNothingMore() async {
    let clock = TestClock()
    let store = makeStore(Search.State(), clock: clock) { Search() }
    await store.send(.startConcatenation)
    await clock.waitForSleepers(1)
    await store.send(.cancelLate)
    await store.finish()
    await clock.advance(by: .seconds(60))
    #expect(store.state.results.isEmpty)
  }

  @Test @MainActor func elementsUsingTheSameIDDoNotCancelEachOther() async {
    let clock = TestClock()
    let store = makeStore(Rows.State(), clock: clock) { Rows() }
    await store.send(.rows(.element(id: 1, action: .start)))
    await clock.waitForSleepers(1)
    await store.send(.rows(.element(id: 2, action: .start)))
    await clock.waitForSleepers(2)

    await store.send(.rows(.element(id: 1, action: .stop)))
    #expect(clock.pendingSleepers == 1)
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 2, action: .tick))) { $0.rows[id: 2]?.ticks = 1 }
    await clock.waitForSleepers(1)

    await store.send(.rows(.element(id: 2, action: .stop)))
    #expect(clock.pendingSleepers == 0)
    await store.finish()
  }

  @Test @MainActor func aPresentedChildAndItsParentUsingTheSameIDDoNotCancelEachOther() async {
    let clock = TestClock()
    let store = makeStore(Host.State(), clock: clock) { Host() }
    await store.send(.own(.start))
    await clock.waitForSleepers(1)
    await store.send(.child(.presented(.start)))
    await clock.waitForSleepers(2)

    await store.send(.child(.presented(.stop)))
    #expect(clock.pendingSleepers == 1)
    await clock.advance(by: .seconds(1))
    await store.receive(.own(.tick)) { $0.own.ticks = 1 }
    await clock.waitForSleepers(1)

    await store.send(.child(.presented(.start)))
    await clock.waitForSleepers(2)
    await store.send(.own(.stop))
    #expect(clock.pendingSleepers == 1)
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.presented(.tick))) { $0.child?.ticks = 1 }
    await clock.waitForSleepers(1)

    await store.send(.child(.dismiss)) { $0.child = nil }
    #expect(clock.pendingSleepers == 0)
    await store.finish()
  }
}
