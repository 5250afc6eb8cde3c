import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

private struct Boom: Error {
  let code: Int
}

private struct Effects: Reducer {
  struct State: Equatable {
    var log: [String] = []
  }
  enum Action: Equatable, Sendable {
    case noEffect
    case chain(Int)
    case sendTwo
    case later
    case mergeTapped
    case concatenateTapped
    case chainedTapped
    case finished(String)
    case throwTapped
    case throwAndCatchTapped
    case throwCancellationTapped
    case caught(String)
    case mapTapped
    case mapCancellableTapped
    case cancelMapped
    case number(Int)
  }

  @Dependency(\.continuousClock) var clock

  /// The line of the `.run` below, which a thrown error's report must name.
  static let throwingRunLine = #line + 1
  static let throwingRun = Effect<Action>.run { _ in throw Boom(code: 7) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.log.append("\(action)")
    switch action {
    case .noEffect, .later, .finished, .caught, .number, .cancelMapped:
      return action == .cancelMapped ? .cancel(id: "mapped") : .none
    case .chain(let step):
      return step < 3 ? .send(.chain(step + 1)) : .none
    case .sendTwo:
      return .merge(.send(.finished("one")), .send(.finished("two")))
    case .mergeTapped:
      return .merge(finish("slow", after: 2), finish("fast", after: 1))
    case .concatenateTapped:
      return .concatenate(finish("first", after: 2), finish("second", after: 1), .send(.later))
    case .chainedTapped:
      return finish("a", after: 1).concatenate(with: finish("b", after: 1))
        .merge(with: finish("c", after: 3))
    case .throwTapped:
      return Self.throwingRun
    case .throwAndCatchTapped:
      return .run { _ in
        throw Boom(code: 3)
      } catch: { error, send in
        await send(.caught("\(error)"))
      }
    case .throwCancellationTapped:
      return .run { _ in throw CancellationError() }
    case .mapTapped:
      return .merge(
        Effect<Int>.send(1).map(Action.number),
        Effect<Int>.run { send in await send(41) }.map { .number($0 + 1) })
    case .mapCancellableTapped:
      return Effect<Int>.run { send in
        try await clock.sleep(for: .seconds(1))
        await send(5)
      }
      .cancellable(id: "mapped")
      .map(Action.number)
    }
  }

  private func finish(_ name: String, after seconds: Int) -> Effect<Action> {
    .run { send in
      try await clock.sleep(for: .seconds(seconds))
      await send(.finished(name))
    }
  }
}

@MainActor
private func makeStore(clock: TestClock<Duration> = TestClock()) -> TestStore<
  Effects.State, Effects.Action
> {
  TestStore(initialState: Effects.State()) {
    Effects()
  } withDependencies: {
    $0.continuousClock = clock
  }
}

@Suite struct EffectTests {
  @Test func noneIsNoneAndCombinationsOfNoneAreToo() {
    #expect(Effect<Int>.none.isNone)
    #expect(Effect<Int>.merge().isNone)
    #expect(Effect<Int>.merge(.none, .none).isNone)
    #expect(Effect<Int>.concatenate(.none, .none).isNone)
    #expect(Effect<Int>.none.cancellable(id: 1).isNone)
    #expect(Effect<Int>.none.map { $0 + 1 }.isNone)
    #expect(!Effect<Int>.send(1).isNone)
    #expect(!Effect<Int>.merge(.none, .send(1)).isNone)
    #expect(!Effect<Int>.cancel(id: 1).isNone)
  }

  @Test @MainActor func noneStartsNothing() async {
    let store = Store(initialState: Effects.State()) { Effects() }
    let task = store.send(.noEffect)
    #expect(store.effectsInFlight == 0)
    #expect(store.state.log == ["noEffect"])
    await task.finish()
  }

  @Test @MainActor func sendIsProcessedRightAfterTheCurrentActionBeforeLaterSends() async {
    let store = Store(initialState: Effects.State()) { Effects() }
    store.send(.chain(1))
    store.send(.later)
    #expect(store.state.log == ["chain(1)", "chain(2)", "chain(3)", "later"])
    store.send(.sendTwo)
    #expect(store.state.log.suffix(3) == ["sendTwo", "finished(\"one\")", "finished(\"two\")"])
    #expect(store.effectsInFlight == 0)
  }

  @Test @MainActor func sentActionsAreReceivedByTheTestStoreInOrder() async {
    let store = makeStore()
    await store.send(.chain(2)) { $0.log = ["chain(2)"] }
    await store.receive(.chain(3)) { $0.log.append("chain(3)") }
    await store.send(.sendTwo) { $0.log.append("sendTwo") }
    await store.receive(.finished("one")) { $0.log.append("finished(\"one\")") }
    await store.receive(.finished("two")) { $0.log.append("finished(\"two\")") }
    await store.finish()
  }

  @Test @MainActor func anUnhandledErrorIsReportedWithTheEffectsLocation() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.throwTapped) { $0.log = ["throwTapped"] }
      await store.finish()
    } matching: { issue in
      issue.hasComment(
        "An effect started at UnidirectionalFlowTests/EffectTests.swift:\(Effects.throwingRunLine) "
          + "threw an unhandled error: Boom(code: 7). Handle it in the effect or pass a "
          + "`catch:` handler to `.run`.")
    }
  }

  @Test @MainActor func aCatchHandlerReceivesTheErrorAndCanSend() async {
    let store = makeStore()
    await store.send(.throwAndCatchTapped) { $0.log = ["throwAndCatchTapped"] }
    await store.receive(.caught("Boom(code: 3)")) { $0.log.append("caught(\"Boom(code: 3)\")") }
    await store.finish()
  }

  @Test @MainActor func cancellationErrorsAreNotReported() async {
    let store = makeStore()
    await store.send(.throwCancellationTapped) { $0.log = ["throwCancellationTapped"] }
    await store.finish()
  }

  @Test @MainActor func mergeRunsEffectsAtTheSameTime() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.mergeTapped) { $0.log = ["mergeTapped"] }
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(1))
    await store.receive(.finished("fast")) { $0.log.append("finished(\"fast\")") }
    await clock.advance(by: .seconds(1))
    await store.receive(.finished("slow")) { $0.log.append("finished(\"slow\")") }
    #expect(clock.now == .init(offset: .seconds(2)))
    await store.finish()
  }

  @Test @MainActor func concatenateRunsEffectsOneAfterTheOther() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.concatenateTapped) { $0.log = ["concatenateTapped"] }
    // Only the first effect has started; the second (1s) would be done by now if it had.
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    #expect(clock.pendingSleepers == 1)
    await clock.advance(by: .seconds(1))
    await store.receive(.finished("first")) { $0.log.append("finished(\"first\")") }
    // The second effect starts only now, so it ends at 3s, followed at once by the third.
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.finished("second")) { $0.log.append("finished(\"second\")") }
    await store.receive(.later) { $0.log.append("later") }
    #expect(clock.now == .init(offset: .seconds(3)))
    await store.finish()
  }

  @Test @MainActor func mergeWithAndConcatenateWithCombineEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    // `a` (1s) then `b` (1s), alongside `c` (3s).
    await store.send(.chainedTapped) { $0.log = ["chainedTapped"] }
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(1))
    await store.receive(.finished("a")) { $0.log.append("finished(\"a\")") }
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(1))
    await store.receive(.finished("b")) { $0.log.append("finished(\"b\")") }
    await clock.advance(by: .seconds(1))
    await store.receive(.finished("c")) { $0.log.append("finished(\"c\")") }
    await store.finish()
  }

  @Test @MainActor func mapTransformsTheActionsOfEveryKindOfEffect() async {
    let store = makeStore()
    await store.send(.mapTapped) { $0.log = ["mapTapped"] }
    await store.receive(.number(1)) { $0.log.append("number(1)") }
    await store.receive(.number(42)) { $0.log.append("number(42)") }
    await store.finish()
  }

  @Test @MainActor func aMappedEffectKeepsItsCancellation() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.mapCancellableTapped) { $0.log = ["mapCancellableTapped"] }
    await clock.waitForSleepers(1)
    await store.send(.cancelMapped) { $0.log.append("cancelMapped") }
    #expect(clock.pendingSleepers == 0)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }
}
