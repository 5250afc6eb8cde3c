import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

private struct Side: Reducer {
  struct State: Equatable {
    var value = 0
  }
  enum Action: Equatable, Sendable {
    case set(Int)
    case setTwice(Int, Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .set(let value):
      state.value = value
      return .none
    case .setTwice(let first, let second):
      state.value = first
      return .send(.set(second))
    }
  }
}

private struct Sides: Reducer {
  struct State: Equatable {
    var left = Side.State()
    var right = Side.State()
    var optional: Side.State?
  }
  enum Action: Equatable, Sendable, CasePathable {
    case left(Side.Action)
    case right(Side.Action)
    case optional(Side.Action)
    case toggleOptional

    struct AllCasePaths: Sendable {
      var left: AnyCasePath<Action, Side.Action> {
        AnyCasePath(embed: Action.left) { if case .left(let a) = $0 { a } else { nil } }
      }
      var right: AnyCasePath<Action, Side.Action> {
        AnyCasePath(embed: Action.right) { if case .right(let a) = $0 { a } else { nil } }
      }
      var optional: AnyCasePath<Action, Side.Action> {
        AnyCasePath(embed: Action.optional) { if case .optional(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.left, action: \.left) { Side() }
    Scope(state: \.right, action: \.right) { Side() }
    Reduce { state, action in
      if action == .toggleOptional {
        state.optional = state.optional == nil ? Side.State(value: 1) : nil
      }
      return .none
    }
    .ifLet(\.optional, action: \.optional) { Side() }
  }
}

@MainActor
private func makeStore() -> Store<Sides.State, Sides.Action> {
  Store(initialState: Sides.State()) { Sides() }
}

@Suite struct StoreSubscriptionTests {
  @Test @MainActor func aScopedSubscriptionSeesOnlyChangesToItsOwnState() {
    let store = makeStore()
    let left = store.scope(state: \.left, action: \.left)
    var seen: [Int] = []
    let subscription = left.subscribe { seen.append($0.value) }

    store.send(.right(.set(5)))
    #expect(seen == [])
    store.send(.left(.set(0)))
    #expect(seen == [], "Setting the same value is no change.")
    store.send(.left(.set(2)))
    #expect(seen == [2])
    left.send(.set(3))
    #expect(seen == [2, 3])
    store.send(.toggleOptional)
    #expect(seen == [2, 3])
    subscription.cancel()
  }

  @Test @MainActor func itIsCalledOncePerProcessedActionThatChangedTheState() {
    let store = makeStore()
    let left = store.scope(state: \.left, action: \.left)
    var seen: [Int] = []
    let subscription = left.subscribe { seen.append($0.value) }
    left.send(.setTwice(1, 2))
    #expect(seen == [1, 2])
    subscription.cancel()
  }

  @Test @MainActor func cancellingStopsTheObservation() {
    let store = makeStore()
    var seen: [Int] = []
    let subscription = store.subscribe { seen.append($0.left.value) }
    store.send(.left(.set(1)))
    subscription.cancel()
    store.send(.left(.set(2)))
    subscription.cancel()
    store.send(.left(.set(3)))
    #expect(seen == [1])
  }

  @Test @MainActor func releasingTheSubscriptionStopsTheObservation() {
    let store = makeStore()
    var seen: [Int] = []
    var subscription: StoreSubscription? = store.subscribe { seen.append($0.right.value) }
    store.send(.right(.set(1)))
    #expect(subscription != nil)
    subscription = nil
    store.send(.right(.set(2)))
    #expect(seen == [1])
  }

  @Test @MainActor func severalSubscriptionsAreEachToldAboutTheirOwnState() {
    let store = makeStore()
    let left = store.scope(state: \.left, action: \.left)
    let right = store.scope(state: \.right, action: \.right)
    var seenLeft: [Int] = []
    var seenRight: [Int] = []
    var seenRoot = 0
    let subscriptions = [
      left.subscribe { seenLeft.append($0.value) },
      right.subscribe { seenRight.append($0.value) },
      store.subscribe { _ in seenRoot += 1 },
    ]
    store.send(.left(.set(1)))
    store.send(.right(.set(2)))
    store.send(.left(.set(3)))
    #expect(seenLeft == [1, 3])
    #expect(seenRight == [2])
    #expect(seenRoot == 3)
    for subscription in subscriptions { subscription.cancel() }
  }

  @Test @MainActor func anOptionalChildsSubscriptionIsQuietOnceTheChildIsGone() {
    let store = makeStore()
    store.send(.toggleOptional)
    let optional = store.scope(state: \.optional, action: \.optional)
    var seen: [Int] = []
    let subscription = optional?.subscribe { seen.append($0.value) }
    optional?.send(.set(4))
    store.send(.toggleOptional)
    store.send(.left(.set(9)))
    #expect(seen == [4])
    #expect(optional?.value == 4)
    subscription?.cancel()
  }
}
