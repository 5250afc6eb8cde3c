import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

private struct Counter: Reducer {
  struct State: Equatable {
    var value = 0
  }
  enum Action: Equatable, Sendable {
    case increment
    case set(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.value += 1
    case .set(let value): state.value = value
    }
    return .none
  }
}

private struct App: Reducer {
  enum Mode: Equatable, CasePathable {
    case editing(Counter.State)
    case viewing(Counter.State)

    struct AllCasePaths: Sendable {
      var editing: AnyCasePath<Mode, Counter.State> {
        AnyCasePath(embed: Mode.editing) { if case .editing(let s) = $0 { s } else { nil } }
      }
      var viewing: AnyCasePath<Mode, Counter.State> {
        AnyCasePath(embed: Mode.viewing) { if case .viewing(let s) = $0 { s } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }
  enum ModeAction: Equatable, Sendable, CasePathable {
    case editing(Counter.Action)
    case viewing(Counter.Action)

    struct AllCasePaths: Sendable {
      var editing: AnyCasePath<ModeAction, Counter.Action> {
        AnyCasePath(embed: ModeAction.editing) { if case .editing(let a) = $0 { a } else { nil } }
      }
      var viewing: AnyCasePath<ModeAction, Counter.Action> {
        AnyCasePath(embed: ModeAction.viewing) { if case .viewing(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }
  struct State: Equatable {
    var profile = Counter.State()
    var sheet: Counter.State?
    var mode = Mode.editing(Counter.State())
  }
  enum Action: Equatable, Sendable, CasePathable {
    case profile(Counter.Action)
    case sheet(Counter.Action)
    case mode(ModeAction)
    case showSheet
    case hideSheet
    case startViewing

    struct AllCasePaths: Sendable {
      var profile: AnyCasePath<Action, Counter.Action> {
        AnyCasePath(embed: Action.profile) { if case .profile(let a) = $0 { a } else { nil } }
      }
      var sheet: AnyCasePath<Action, Counter.Action> {
        AnyCasePath(embed: Action.sheet) { if case .sheet(let a) = $0 { a } else { nil } }
      }
      var mode: AnyCasePath<Action, ModeAction> {
        AnyCasePath(embed: Action.mode) { if case .mode(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.profile, action: \.profile) { Counter() }
    Scope(state: \.mode, action: \.mode) {
      EmptyReducer()
        .ifCaseLet(\.editing, action: \.editing) { Counter() }
        .ifCaseLet(\.viewing, action: \.viewing) { Counter() }
    }
    Reduce { state, action in
      switch action {
      case .showSheet: state.sheet = Counter.State(value: 10)
      case .hideSheet: state.sheet = nil
      case .startViewing: state.mode = .viewing(Counter.State(value: 100))
      case .profile, .sheet, .mode: break
      }
      return .none
    }
    .ifLet(\.sheet, action: \.sheet) { Counter() }
  }
}

/// One level of a deep feature: it scopes to its inner feature and counts the actions that
/// pass through it.
private struct Level<Inner: Reducer>: Reducer
where Inner: SendableMetatype, Inner.State: Equatable, Inner.Action: Sendable {
  struct State: Equatable {
    var inner: Inner.State
    var passedThrough = 0
  }
  enum Action: Sendable, CasePathable {
    case inner(Inner.Action)

    struct AllCasePaths: Sendable {
      var inner: AnyCasePath<Action, Inner.Action> {
        AnyCasePath(embed: Action.inner) { if case .inner(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  /// The scope to the inner feature, built once, with the level. (Listed in a `body`, a
  /// generic `Inner` would be run as itself, and its own body built again for every action.)
  let scope: Scope<State, Action, Inner>

  init(inner: Inner) {
    scope = Scope(state: \.inner, action: \.inner) { inner }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let effect = scope.reduce(into: &state, action: action)
    state.passedThrough += 1
    return effect
  }
}

private typealias L1 = Level<Counter>
private typealias L2 = Level<L1>
private typealias L3 = Level<L2>
private typealias L4 = Level<L3>
private typealias L5 = Level<L4>
private typealias L6 = Level<L5>
private typealias L7 = Level<L6>
private typealias L8 = Level<L7>
private typealias L9 = Level<L8>
private typealias L10 = Level<L9>

@Suite struct StoreScopeTests {
  @Test @MainActor func aStructFieldScopeReadsAndSendsThroughItsParent() {
    let store = Store(initialState: App.State()) { App() }
    let profile = store.scope(state: \.profile, action: \.profile)
    profile.send(.increment)
    #expect(profile.state == Counter.State(value: 1))
    #expect(store.state.profile.value == 1)

    store.send(.profile(.set(7)))
    #expect(profile.value == 7)
    #expect(profile.read(\.value) == 7)
    // The child's actions reached the parent as `profile` actions, nothing else changed.
    #expect(store.state.mode == .editing(Counter.State()))
    #expect(store.state.sheet == nil)
  }

  @Test @MainActor func anOptionalScopeIsNilWhileTheChildIsAbsent() {
    let store = Store(initialState: App.State()) { App() }
    #expect(store.scope(state: \.sheet, action: \.sheet) == nil)

    store.send(.showSheet)
    let sheet = store.scope(state: \.sheet, action: \.sheet)
    #expect(sheet?.state == Counter.State(value: 10))
    sheet?.send(.increment)
    #expect(store.state.sheet == Counter.State(value: 11))
    #expect(sheet?.value == 11)

    store.send(.hideSheet)
    #expect(store.scope(state: \.sheet, action: \.sheet) == nil)
    // A store scoped earlier keeps showing the last value, e.g. for a closing animation.
    #expect(sheet?.state == Counter.State(value: 11))
  }

  @Test @MainActor func anEnumCaseScopeIsNilWhileTheStateIsInAnotherCase() {
    let store = Store(initialState: App.State()) { App() }
    let mode = store.scope(state: \.mode, action: \.mode)
    #expect(mode.scope(case: \.viewing, action: \.viewing) == nil)
    let editing = mode.scope(case: \.editing, action: \.editing)
    editing?.send(.set(3))
    #expect(editing?.state == Counter.State(value: 3))
    #expect(store.state.mode == .editing(Counter.State(value: 3)))

    store.send(.startViewing)
    #expect(mode.scope(case: \.editing, action: \.editing) == nil)
    let viewing = mode.scope(case: \.viewing, action: \.viewing)
    viewing?.send(.increment)
    #expect(viewing?.value == 101)
    #expect(store.state.mode == .viewing(Counter.State(value: 101)))
  }

  @Test @MainActor func scopingTheSamePathsAgainReturnsTheSameStore() {
    let store = Store(initialState: App.State()) { App() }
    let profile = store.scope(state: \.profile, action: \.profile)
    // Equal key paths written at another place name the same store.
    #expect(store.scope(state: \.profile, action: \.profile) === profile)
    let mode = store.scope(state: \.mode, action: \.mode)
    #expect(store.scope(state: \.mode, action: \.mode) === mode)
    let editing = mode.scope(case: \.editing, action: \.editing)
    #expect(editing != nil)
    #expect(mode.scope(case: \.editing, action: \.editing) === editing)

    store.send(.showSheet)
    let sheet = store.scope(state: \.sheet, action: \.sheet)
    #expect(sheet != nil)
    #expect(store.scope(state: \.sheet, action: \.sheet) === sheet)
    store.send(.hideSheet)
    #expect(store.scope(state: \.sheet, action: \.sheet) == nil)
    // Back again, the part is shown by the same store, which reads its new value.
    store.send(.showSheet)
    #expect(store.scope(state: \.sheet, action: \.sheet) === sheet)
    #expect(sheet?.value == 10)
  }

  @Test @MainActor func aStoreScopedThroughStoresNoLongerHeldStillReadsAndSends() {
    let store = Store(initialState: App.State()) { App() }
    let editing = store.scope(state: \.mode, action: \.mode).scope(
      case: \.editing, action: \.editing)
    editing?.send(.set(8))
    #expect(editing?.value == 8)
    #expect(store.state.mode == .editing(Counter.State(value: 8)))
  }

  @Test @MainActor func scopesNestedTenLevelsDeepReadAndSendCorrectly() {
    let l1 = L1.State(inner: Counter.State(value: 5))
    let l2 = L2.State(inner: l1)
    let l3 = L3.State(inner: l2)
    let l4 = L4.State(inner: l3)
    let l5 = L5.State(inner: l4)
    let l6 = L6.State(inner: l5)
    let l7 = L7.State(inner: l6)
    let l8 = L8.State(inner: l7)
    let l9 = L9.State(inner: l8)
    let l10 = L10.State(inner: l9)
    let reducer = L10(
      inner: L9(
        inner: L8(
          inner: L7(
            inner: L6(inner: L5(inner: L4(inner: L3(inner: L2(inner: L1(inner: Counter()))))))))))
    let root = Store(initialState: l10) { reducer }
    let s9 = root.scope(state: \.inner, action: \.inner)
    let s8 = s9.scope(state: \.inner, action: \.inner)
    let s7 = s8.scope(state: \.inner, action: \.inner)
    let s6 = s7.scope(state: \.inner, action: \.inner)
    let s5 = s6.scope(state: \.inner, action: \.inner)
    let s4 = s5.scope(state: \.inner, action: \.inner)
    let s3 = s4.scope(state: \.inner, action: \.inner)
    let s2 = s3.scope(state: \.inner, action: \.inner)
    let s1 = s2.scope(state: \.inner, action: \.inner)
    let leaf = s1.scope(state: \.inner, action: \.inner)
    #expect(leaf.state == Counter.State(value: 5))

    leaf.send(.set(42))
    #expect(leaf.value == 42)
    #expect(root.state.inner.inner.inner.inner.inner.inner.inner.inner.inner.inner.value == 42)
    // The action went through every level on its way down.
    #expect(root.passedThrough == 1)
    #expect(s5.passedThrough == 1)
    #expect(s1.passedThrough == 1)

    root.send(
      .inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.increment)))))))))))
    #expect(leaf.value == 43)
    #expect(s5.state.inner.inner.inner.inner.inner.value == 43)

    // A chain of key paths scopes as far in one step.
    let deep = root.scope(
      state: \.inner.inner.inner.inner.inner, action: \.inner.inner.inner.inner.inner)
    #expect(deep.passedThrough == 2)
    deep.send(.inner(.inner(.inner(.inner(.inner(.set(1)))))))
    #expect(leaf.value == 1)
    #expect(root.passedThrough == 3)
  }
}
