import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// A payload that is not `Sendable`: a class with mutable state.
private final class Note {
  var text: String
  init(_ text: String) { self.text = text }
}

/// A feature whose actions carry a non-`Sendable` payload, with effects that end with a send.
private struct Notes: Reducer {
  struct State: Equatable {
    var notes: [String] = []
    var isLoading = false
  }
  enum Action {
    case load
    case loaded(Note)
    case loadThroughClient
    case startTimer
    case tick
    case fail
    case add(String)
  }

  struct Boom: Error {}

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load:
      state.isLoading = true
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.loaded(Note("Slept.")))
      }
    case .loaded(let note):
      state.isLoading = false
      state.notes.append(note.text)
      return .none
    case .loadThroughClient:
      state.isLoading = true
      return .run { send in
        let text = await fetchOffTheMainActor()
        await send(.loaded(Note(text)))
      }
    case .startTimer:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      return .none
    case .fail:
      return .run { _ in throw Boom() }
    case .add(let text):
      state.notes.append(text)
      return .none
    }
  }
}

/// Work that runs on the global executor, as a client's request does.
@concurrent private func fetchOffTheMainActor() async -> String { "Fetched." }

private func isLoaded(_ action: Notes.Action) -> Bool {
  if case .loaded = action { true } else { false }
}

extension Issue {
  /// Whether this issue carries a comment that contains `text`.
  fileprivate func mentions(_ text: String) -> Bool {
    comments.contains { $0.rawValue.contains(text) }
  }

  /// Whether this issue was recorded at `line` of this file.
  fileprivate func isRecorded(atLine line: Int, fileID: String = #fileID) -> Bool {
    sourceLocation?.fileID == fileID && sourceLocation?.line == line
  }
}

@MainActor
@Suite struct TestStoreAsUpstreamTests {
  @Test func actionsNeedNotBeSendable() async {
    let clock = TestClock()
    let store = TestStore(initialState: Notes.State()) {
      Notes()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.add("Written.")) { $0.notes = ["Written."] }
    await store.send(.load) { $0.isLoading = true }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(isLoaded) {
      $0.isLoading = false
      $0.notes.append("Slept.")
    }
    await store.finish()
  }

  // The next two end right after their last `receive`, with no `finish()`: the effect's last
  // send and its end are one step on the main actor, so the store, released here, finds no
  // effect running. Either would fail with "1 effect(s) still running" if they were not.

  @Test func aTestMayEndRightAfterReceivingTheLastActionOfASleepingEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: Notes.State()) {
      Notes()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.load) { $0.isLoading = true }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(isLoaded) {
      $0.isLoading = false
      $0.notes = ["Slept."]
    }
  }

  @Test func aTestMayEndRightAfterReceivingTheLastActionOfAnEffectThatLeftTheMainActor() async {
    let store = TestStore(initialState: Notes.State()) { Notes() }
    await store.send(.loadThroughClient) { $0.isLoading = true }
    await store.receive(isLoaded) {
      $0.isLoading = false
      $0.notes = ["Fetched."]
    }
  }

  @Test func anEffectStillRunningWhenTheStoreIsReleasedFailsAtTheTestStoreLine() async {
    let clock = TestClock()
    let storeLine = #line + 2
    await withKnownIssue {
      let store = TestStore(initialState: Notes.State()) {
        Notes()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.startTimer)
      await clock.waitForSleepers(1)
    } matching: { issue in
      issue.mentions("1 effect(s) still running at the end of the test")
        && issue.isRecorded(atLine: storeLine)
    }
    // The store cancelled the effect it reported.
    await clock.waitForSleepers(0)
  }

  @Test func anIssueAnEffectReportsIsRecordedAtTheSendThatStartedIt() async {
    let store = TestStore(initialState: Notes.State()) { Notes() }
    let sendLine = #line + 2
    await withKnownIssue {
      await store.send(.fail)
      await store.finish()
    } matching: { issue in
      issue.mentions("threw an unhandled error: Boom()") && issue.isRecorded(atLine: sendLine)
    }
  }

  @Test func offStillWorksAndShowsNothing() async {
    let store = TestStore(initialState: Notes.State()) { Notes() }
    store.exhaustivity = .off
    #expect(store.exhaustivity == .off(showSkippedAssertions: false))
    await store.send(.add("One."))
    // Only what the assertion mutates is compared, on the actual state.
    await store.send(.add("Two.")) { $0.notes[1] = "Two." }
    #expect(store.state.notes == ["One.", "Two."])
  }

  @Test func offShowingSkippedAssertionsRecordsThemAsWarnings() async {
    let store = TestStore(initialState: Notes.State()) { Notes() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    let sendLine = #line + 2
    await withKnownIssue {
      await store.send(.add("One."))
    } matching: { issue in
      issue.severity == .warning && issue.isRecorded(atLine: sendLine)
        && issue.mentions("Skipped assertion (exhaustivity is off): State was not expected")
    }
    #expect(store.state.notes == ["One."])
  }

  /// A cancelled effect is over for the test, as upstream's test store counts it, even while
  /// its task has not yet noticed (here it waits on a gate that ignores cancellation, opened
  /// only after the store is gone): no "effect still running" at the end.
  @Test func aCancelledEffectStillWindingDownDoesNotFailTheTest() async {
    let gate = Gate()
    do {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Bool> { _, start in
          start ? .run { _ in await gate.wait() }.cancellable(id: "wait") : .cancel(id: "wait")
        }
      }
      await store.send(true)
      await store.send(false)
    }
    gate.open()
  }
}

/// Suspends its waiter until opened, whether or not the waiting task was cancelled.
@MainActor private final class Gate {
  private var waiter: CheckedContinuation<Void, Never>?
  private var isOpen = false

  func wait() async {
    guard !isOpen else { return }
    await withCheckedContinuation { waiter = $0 }
  }

  func open() {
    isOpen = true
    waiter?.resume()
    waiter = nil
  }
}
