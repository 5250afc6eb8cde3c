import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// A counter whose count is shared in memory, changed by the reducer and by an effect.
private struct SharedCounter: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
    var taps = 0
  }
  enum Action: Equatable, Sendable {
    case increment
    case incrementLater
    case incremented
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.$count.withLock { $0 += 1 }
      state.taps += 1
      return .none
    case .incrementLater:
      return .run { [count = state.$count] send in
        count.withLock { $0 += 10 }
        await send(.incremented)
      }
    case .incremented:
      return .none
    }
  }
}

/// Settings shared in memory, of which the feature changes one part.
private struct VolumeKnob: Reducer {
  struct Settings: Equatable, Sendable {
    var volume = 5
    var name = "Blob"
  }
  struct State: Equatable {
    @Shared(.inMemory("settings")) var settings = Settings()
  }
  enum Action: Equatable, Sendable { case turnUp }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.$settings.volume.withLock { $0 += 1 }
    return .none
  }
}

/// A state made in a storage of its own, so that tests running at once do not share a count.
private func freshState() -> SharedCounter.State {
  withDependencies {
    $0.defaultInMemoryStorage = InMemoryStorage()
  } operation: {
    SharedCounter.State()
  }
}

extension Issue {
  fileprivate func hasComment(containing fragments: String...) -> Bool {
    comments.contains { comment in fragments.allSatisfy { comment.rawValue.contains($0) } }
  }
}

@MainActor
@Suite struct TestStoreSharedStateTests {
  @Test func aSharedChangeDescribedInTheAssertionPasses() async {
    let store = TestStore(initialState: freshState()) { SharedCounter() }
    await store.send(.increment) {
      $0.$count.withLock { $0 = 1 }
      $0.taps = 1
    }
    await store.send(.increment) {
      $0.$count.withLock { $0 += 1 }
      $0.taps = 2
    }
    #expect(store.state.count == 2)
  }

  @Test func aChangeToAPartOfASharedValueIsDescribedThroughThePart() async {
    let state = withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      VolumeKnob.State()
    }
    let store = TestStore(initialState: state) { VolumeKnob() }
    await store.send(.turnUp) { $0.$settings.volume.withLock { $0 = 6 } }
    await withKnownIssue {
      await store.send(.turnUp) { $0.$settings.volume.withLock { $0 = 8 } }
    } matching: { issue in
      issue.hasComment(
        containing: "@Shared(inMemory", ":settings)", "\u{2212}  volume: 8", "+  volume: 7")
    }
  }

  @Test func aSharedChangeLeftOutOfTheAssertionFails() async {
    let store = TestStore(initialState: freshState()) { SharedCounter() }
    await withKnownIssue {
      await store.send(.increment) { $0.taps = 1 }
    } matching: { issue in
      issue.hasComment(
        containing:
          "A shared state change does not match expectation after Action.increment: "
          + "@Shared(inMemory",
        ":count)\n\n\u{2212}0\n+1\n\n(Expected: \u{2212}, Actual: +)")
    }
    // The store goes on from the actual value.
    await store.send(.increment) {
      $0.$count.withLock { $0 = 2 }
      $0.taps = 2
    }
  }

  @Test func aWrongSharedExpectationFailsAndLeavesTheFeaturesValueAlone() async {
    let store = TestStore(initialState: freshState()) { SharedCounter() }
    await withKnownIssue {
      await store.send(.increment) {
        $0.$count.withLock { $0 = 5 }
        $0.taps = 1
      }
    } matching: { issue in
      issue.hasComment(containing: "\u{2212}5\n+1")
    }
    #expect(store.state.count == 1, "the assertion changed only what it expects")
  }

  @Test func aSharedChangeThatDidNotHappenFails() async {
    let store = TestStore(initialState: freshState()) { SharedCounter() }
    await withKnownIssue {
      await store.send(.incremented) { $0.$count.withLock { $0 = 10 } }
    } matching: { issue in
      issue.hasComment(containing: "after Action.incremented", "\u{2212}10\n+0")
    }
  }

  @Test func anEffectsSharedChangeIsAssertedWhenItsActionIsReceived() async {
    let store = TestStore(initialState: freshState()) { SharedCounter() }
    await store.send(.incrementLater)
    await store.receive(.incremented) { $0.$count.withLock { $0 = 10 } }
    await store.finish()
  }

  @Test func aNonExhaustiveStoreChecksOnlyWhatTheAssertionSays() async {
    let store = TestStore(initialState: freshState()) { SharedCounter() }
    store.exhaustivity = .off
    await store.send(.increment)
    await store.send(.increment) { $0.$count.withLock { $0 = 2 } }
    await withKnownIssue {
      await store.send(.increment) { $0.$count.withLock { $0 = 7 } }
    } matching: { issue in
      issue.hasComment(containing: "\u{2212}7\n+3")
    }
  }
}
