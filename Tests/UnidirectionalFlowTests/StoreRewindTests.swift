import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

private struct Loader: Reducer {
  struct State: Equatable {
    var count = 0
    var loaded = 0
  }
  enum Action: Equatable, Sendable {
    case increment
    case load
    case loaded
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .load:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.loaded)
      }
    case .loaded:
      state.loaded += 1
      return .none
    }
  }
}

@MainActor
struct StoreRewindTests {
  @Test func rewindPutsTheStateBackCancelsEffectsAndTellsObservers() async {
    let clock = TestClock()
    let store = Store(initialState: Loader.State()) {
      Loader()
    } withDependencies: {
      $0.continuousClock = clock
    }
    var seen: [Loader.State] = []
    let subscription = store.subscribe { seen.append($0) }
    var actions = 0
    let observation = store.observeActions { _, _ in actions += 1 }
    store.send(.increment)
    store.send(.increment)
    store.send(.load)
    #expect(store.effectsInFlight == 1)

    store.rewind(to: Loader.State(count: 1))
    #expect(store.state == Loader.State(count: 1))
    #expect(seen.last == Loader.State(count: 1))
    #expect(actions == 3, "a rewind is not an action")

    // The load was cancelled: it ends without waiting for the clock, and sends nothing.
    await store.awaitEffects()
    #expect(store.effectsInFlight == 0)
    await clock.advance(by: .seconds(2))
    #expect(store.state.loaded == 0, "the cancelled load came back")
    subscription.cancel()
    observation.cancel()
  }

}
