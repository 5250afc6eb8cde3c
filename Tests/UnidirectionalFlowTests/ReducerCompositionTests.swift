import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

private struct Trace: Equatable {
  var count = 0
  var log: [String] = []
}

private enum TraceAction: Equatable, Sendable {
  case tap
  case fromFirst
  case fromThird
}

/// A reducer that implements `reduce(into:action:)` itself.
private struct Doubler: Reducer {
  func reduce(into state: inout Trace, action: TraceAction) -> Effect<TraceAction> {
    state.count *= 2
    state.log.append("doubler")
    return .none
  }
}

/// A reducer that implements `body`, listing three reducers.
private struct Pipeline: Reducer {
  var body: some Reducer<Trace, TraceAction> {
    Reduce { state, action in
      guard action == .tap else { return .none }
      state.count += 1
      state.log.append("first")
      return .send(.fromFirst)
    }
    Doubler()
    Reduce { state, action in
      guard action == .tap else { return .none }
      state.count += 10
      state.log.append("third")
      return .send(.fromThird)
    }
  }
}

/// A reducer whose body uses `if` and `if`/`else`.
private struct Conditional: Reducer {
  let logs: Bool
  let doubles: Bool

  var body: some Reducer<Trace, TraceAction> {
    if logs {
      Reduce { state, _ in
        state.log.append("logged")
        return .none
      }
    }
    if doubles {
      Reduce { state, _ in
        state.count *= 2
        return .none
      }
    } else {
      Reduce { state, _ in
        state.count += 1
        return .none
      }
    }
  }
}

private enum Mode {
  case add
  case subtract
  case ignore
}

/// A reducer whose body uses `switch`.
private struct Switching: Reducer {
  let mode: Mode

  var body: some Reducer<Trace, TraceAction> {
    switch mode {
    case .add:
      Reduce { state, _ in
        state.count += 1
        return .none
      }
    case .subtract:
      Reduce { state, _ in
        state.count -= 1
        return .none
      }
    case .ignore:
      EmptyReducer()
    }
  }
}

/// A reducer with an empty body.
private struct Inert: Reducer {
  var body: some Reducer<Trace, TraceAction> {}
}

private func reduce(
  _ reducer: some Reducer<Trace, TraceAction>, _ state: Trace = Trace(),
  _ action: TraceAction = .tap
) -> (state: Trace, effect: Effect<TraceAction>) {
  var state = state
  let effect = reducer.reduce(into: &state, action: action)
  return (state, effect)
}

@Suite struct ReducerCompositionTests {
  @Test func reducerImplementingReduceRunsIt() {
    let (state, effect) = reduce(Doubler(), Trace(count: 3))
    #expect(state == Trace(count: 6, log: ["doubler"]))
    #expect(effect.isNone)
  }

  @Test func reducerImplementingBodyRunsItsReducersInDeclarationOrder() {
    // (0 + 1) * 2 + 10: any other order gives another number.
    let (state, effect) = reduce(Pipeline())
    #expect(state == Trace(count: 12, log: ["first", "doubler", "third"]))
    #expect(!effect.isNone)
  }

  @Test @MainActor func effectsOfComposedReducersAreMergedInDeclarationOrder() async {
    let store = TestStore(initialState: Trace()) { Pipeline() }
    await store.send(.tap) {
      $0.count = 12
      $0.log = ["first", "doubler", "third"]
    }
    await store.receive(.fromFirst) {
      $0.count = 24
      $0.log.append("doubler")
    }
    await store.receive(.fromThird) {
      $0.count = 48
      $0.log.append("doubler")
    }
    await store.finish()
  }

  @Test func reduceWrapsAClosureOrAnyReducer() {
    let closure = Reduce<Trace, TraceAction> { state, action in
      state.log.append("closure \(action)")
      return .send(.fromFirst)
    }
    let closureResult = reduce(closure)
    #expect(closureResult.state.log == ["closure tap"])
    #expect(!closureResult.effect.isNone)

    let erased = Reduce(Doubler())
    #expect(reduce(erased, Trace(count: 4)).state == Trace(count: 8, log: ["doubler"]))
  }

  @Test func combineReducersRunsInDeclarationOrderAndNests() {
    let combined = CombineReducers {
      Reduce<Trace, TraceAction> { state, _ in
        state.log.append("1")
        state.count += 1
        return .none
      }
      CombineReducers {
        Doubler()
        Reduce { state, _ in
          state.log.append("2b")
          return .none
        }
      }
      Reduce { state, _ in
        state.log.append("3")
        state.count += 5
        return .none
      }
    }
    let (state, effect) = reduce(combined)
    #expect(state == Trace(count: 7, log: ["1", "doubler", "2b", "3"]))
    #expect(effect.isNone)
  }

  @Test func emptyReducerChangesNothingAndStartsNothing() {
    let initial = Trace(count: 5, log: ["kept"])
    let empty = reduce(EmptyReducer<Trace, TraceAction>(), initial)
    #expect(empty.state == initial)
    #expect(empty.effect.isNone)

    let emptyBody = reduce(Inert(), initial)
    #expect(emptyBody.state == initial)
    #expect(emptyBody.effect.isNone)

    let emptyCombination = reduce(CombineReducers<Trace, TraceAction, _> {}, initial)
    #expect(emptyCombination.state == initial)
    #expect(emptyCombination.effect.isNone)
  }

  @Test func builderIfRunsItsReducerOnlyWhenTheConditionHolds() {
    #expect(reduce(Conditional(logs: true, doubles: false)).state.log == ["logged"])
    #expect(reduce(Conditional(logs: false, doubles: false)).state.log == [])
  }

  @Test func builderIfElseRunsExactlyOneBranch() {
    #expect(reduce(Conditional(logs: false, doubles: true), Trace(count: 5)).state.count == 10)
    #expect(reduce(Conditional(logs: false, doubles: false), Trace(count: 5)).state.count == 6)
  }

  @Test func builderSwitchRunsTheMatchingCase() {
    #expect(reduce(Switching(mode: .add), Trace(count: 5)).state.count == 6)
    #expect(reduce(Switching(mode: .subtract), Trace(count: 5)).state.count == 4)
    #expect(reduce(Switching(mode: .ignore), Trace(count: 5)).state.count == 5)
  }
}
