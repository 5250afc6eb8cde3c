import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

private struct Feature: Reducer {
  struct State: Equatable {
    var count = 0
    var total = 0
    var loaded = 0
  }
  enum Action: Equatable, Sendable {
    case increment
    case add(Int)
    case load
    case loadTwice
    case loaded
    case loadThenLoadAgain
    case first
    case second
    case third
  }

  let recorder: Recorder<String>
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    recorder.append("enter \(action)")
    defer { recorder.append("exit \(action)") }
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .add(let amount):
      state.total += amount
      state.count += 1
      return .none
    case .load:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.loaded)
      }
    case .loadTwice:
      return .send(.load).merge(with: .send(.load))
    case .loaded:
      state.loaded += 1
      return .none
    case .loadThenLoadAgain:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.load)
      }
    case .first:
      return .send(.third)
    case .second, .third:
      return .none
    }
  }
}

@MainActor
private func makeStore(
  clock: TestClock<Duration> = TestClock(), recorder: Recorder<String> = Recorder()
) -> Store<Feature.State, Feature.Action> {
  Store(initialState: Feature.State()) {
    Feature(recorder: recorder)
  } withDependencies: {
    $0.continuousClock = clock
  }
}

/// Whether every `enter` in `entries` is closed by its `exit` before the next `enter`, i.e.
/// the reducer never ran inside another run of itself.
private func isFlat(_ entries: [String]) -> Bool {
  var open: String?
  for entry in entries {
    if entry.hasPrefix("enter ") {
      guard open == nil else { return false }
      open = String(entry.dropFirst("enter ".count))
    } else if entry.hasPrefix("exit ") {
      guard open == String(entry.dropFirst("exit ".count)) else { return false }
      open = nil
    }
  }
  return open == nil
}

@Suite struct StoreTests {
  @Test @MainActor func readsTheStateWholeByKeyPathAndByDynamicMember() {
    let store = makeStore()
    store.send(.increment)
    store.send(.add(5))
    #expect(store.state == Feature.State(count: 2, total: 5))
    #expect(store.read(\.total) == 5)
    #expect(store.count == 2)
  }

  @Test @MainActor func sendReturnsATaskThatFinishesWhenItsEffectsDo() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let task = store.send(.load)
    #expect(!task.isCancelled)
    await clock.waitForSleepers(1)
    let waiter = Task { @MainActor in
      await task.finish()
      return store.state.loaded
    }
    await clock.advance(by: .seconds(1))
    #expect(await waiter.value == 1)
    #expect(store.effectsInFlight == 0)
  }

  @Test @MainActor func theTaskTracksEffectsStartedBySentActionsToo() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let task = store.send(.loadTwice)
    #expect(store.effectsInFlight == 2)
    await clock.waitForSleepers(2)
    let waiter = Task { @MainActor in
      await task.finish()
      return store.state.loaded
    }
    await clock.advance(by: .seconds(1))
    #expect(await waiter.value == 2)
  }

  @Test @MainActor func cancellingTheTaskCancelsItsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let task = store.send(.load)
    await clock.waitForSleepers(1)
    task.cancel()
    #expect(task.isCancelled)
    #expect(clock.pendingSleepers == 0)
    await task.finish()
    await clock.advance(by: .seconds(10))
    await store.awaitEffects()
    #expect(store.state.loaded == 0)
  }

  @Test @MainActor func aSendThatStartsNoEffectReturnsAnEmptyTask() async {
    let store = makeStore()
    let task = store.send(.increment)
    // Nothing to cancel or await: it reports cancelled and finishes at once.
    #expect(task.isCancelled)
    await task.finish()
  }

  @Test @MainActor func reentrantSendsAreQueuedInOrderAndNeverNested() {
    let recorder = Recorder<String>()
    let store = makeStore(recorder: recorder)
    var nestedTask: StoreTask?
    let subscription = store.observeActions { action, _ in
      guard action == .first else { return }
      recorder.append("observer sends second")
      nestedTask = store.send(.second)
      recorder.append("observer returned")
    }
    store.send(.first)
    subscription.cancel()

    #expect(
      recorder.entries == [
        "enter first", "exit first",
        "observer sends second", "observer returned",
        // The `.send` effect of `first` goes right after it, before the observer's action.
        "enter third", "exit third",
        "enter second", "exit second",
      ])
    #expect(isFlat(recorder.entries))
    #expect(nestedTask?.isCancelled == true)
  }

  @Test @MainActor func aChangeObserverThatSendsIsQueuedToo() {
    let recorder = Recorder<String>()
    let store = makeStore(recorder: recorder)
    let subscription = store.subscribe { state in
      recorder.append("observer saw count \(state.count)")
      if state.count < 3 { store.send(.increment) }
      recorder.append("observer returned")
    }
    store.send(.increment)
    subscription.cancel()

    #expect(store.state.count == 3)
    #expect(
      recorder.entries == [
        "enter increment", "exit increment",
        "observer saw count 1", "observer returned",
        "enter increment", "exit increment",
        "observer saw count 2", "observer returned",
        "enter increment", "exit increment",
        "observer saw count 3", "observer returned",
      ])
  }

  @Test @MainActor func sendsFromManyOtherThreadsAreAllProcessed() async {
    let recorder = Recorder<String>()
    let store = makeStore(recorder: recorder)
    let senders = (1...200).map { amount in
      Task.detached {
        await store.send(.add(amount))
      }
    }
    for sender in senders { _ = await sender.value }
    #expect(store.state.count == 200)
    #expect(store.state.total == 200 * 201 / 2)
    #expect(recorder.entries.count == 400)
    #expect(isFlat(recorder.entries))
  }

  @Test @MainActor func observeActionsReportsWhereEachActionCameFrom() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    var seen: [String] = []
    let subscription = store.observeActions { action, origin in
      seen.append("\(action) from \(origin)")
    }
    store.send(.first)
    store.send(.load)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.awaitEffects()
    subscription.cancel()
    store.send(.increment)

    #expect(
      seen == ["first from send", "third from effect", "load from send", "loaded from effect"])
  }

  @Test @MainActor func awaitEffectsWaitsForEffectsStartedByEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    #expect(store.effectsInFlight == 0)
    store.send(.loadThenLoadAgain)
    store.send(.load)
    #expect(store.effectsInFlight == 2)

    let waiter = Task { @MainActor in
      await store.awaitEffects()
      return store.state.loaded
    }
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(1))
    // `load` delivered; `loadThenLoadAgain` sent a new `load`, which is now running.
    await clock.waitForSleepers(1)
    // The two first tasks end on the main actor, possibly after the new one started sleeping.
    #expect(await yield(until: { store.effectsInFlight == 1 }))
    await clock.advance(by: .seconds(1))
    #expect(await waiter.value == 2)
    #expect(store.effectsInFlight == 0)
  }

  @Test @MainActor func cancelEffectsStopsEverything() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    store.send(.load)
    store.send(.loadThenLoadAgain)
    await clock.waitForSleepers(2)
    store.cancelEffects()
    #expect(clock.pendingSleepers == 0)
    await store.awaitEffects()
    #expect(store.effectsInFlight == 0)
    await clock.advance(by: .seconds(10))
    #expect(store.state.loaded == 0)
  }

  @Test @MainActor func aReleasedStoreDropsTheLateActionsOfItsEffects() async {
    let clock = TestClock()
    var task: StoreTask?
    do {
      let store = makeStore(clock: clock)
      task = store.send(.load)
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    // The effect ends normally; its `send(.loaded)` reaches no store, and nothing crashes.
    await task?.finish()
    #expect(clock.pendingSleepers == 0)
  }
}
