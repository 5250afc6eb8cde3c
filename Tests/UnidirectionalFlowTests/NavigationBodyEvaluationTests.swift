import Testing
import UnidirectionalFlow

/// A child of every navigation modifier: counts its taps.
private struct Tap: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var taps = 0
  }
  enum Action: Equatable, Sendable {
    case tap
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.taps += 1
    return .none
  }
}

/// A feature with a body, which records each evaluation of it, and a field for each kind of
/// navigation; the modifiers are applied to it from outside, as a parent does.
private struct Holder: Reducer {
  enum AlertAction: Equatable, Sendable {
    case ok
  }
  struct State: Equatable {
    var bumps = 0
    var optional: Tap.State? = Tap.State()
    var rows: IdentifiedArrayOf<Tap.State> = [Tap.State(id: 1)]
    var sheet: Tap.State? = Tap.State()
    var alert: AlertState<AlertAction>?
    var path = StackState<Tap.State>()
  }
  enum Action: Equatable, Sendable, CasePathable {
    case bump
    case optional(Tap.Action)
    case rows(IdentifiedActionOf<Tap>)
    case sheet(PresentationAction<Tap.Action>)
    case alert(PresentationAction<AlertAction>)
    case path(StackAction<Tap.State, Tap.Action>)

    struct AllCasePaths: Sendable {
      var optional: AnyCasePath<Action, Tap.Action> {
        AnyCasePath(embed: Action.optional) { if case .optional(let a) = $0 { a } else { nil } }
      }
      var rows: AnyCasePath<Action, IdentifiedActionOf<Tap>> {
        AnyCasePath(embed: Action.rows) { if case .rows(let a) = $0 { a } else { nil } }
      }
      var sheet: AnyCasePath<Action, PresentationAction<Tap.Action>> {
        AnyCasePath(embed: Action.sheet) { if case .sheet(let a) = $0 { a } else { nil } }
      }
      var alert: AnyCasePath<Action, PresentationAction<AlertAction>> {
        AnyCasePath(embed: Action.alert) { if case .alert(let a) = $0 { a } else { nil } }
      }
      var path: AnyCasePath<Action, StackAction<Tap.State, Tap.Action>> {
        AnyCasePath(embed: Action.path) { if case .path(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  let evaluations: Recorder<String>

  var body: some Reducer<State, Action> {
    let _ = evaluations.append("holder")
    Reduce { state, action in
      if case .bump = action { state.bumps += 1 }
      return .none
    }
  }
}

/// A feature with a body whose state is an enum, for `ifCaseLet`.
private struct Phase: Reducer {
  enum State: Equatable, CasePathable {
    case tapping(Tap.State)
    case done

    struct AllCasePaths: Sendable {
      var tapping: AnyCasePath<State, Tap.State> {
        AnyCasePath(embed: State.tapping) { if case .tapping(let s) = $0 { s } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }
  enum Action: Equatable, Sendable, CasePathable {
    case tapping(Tap.Action)
    case finish

    struct AllCasePaths: Sendable {
      var tapping: AnyCasePath<Action, Tap.Action> {
        AnyCasePath(embed: Action.tapping) { if case .tapping(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  let evaluations: Recorder<String>

  var body: some Reducer<State, Action> {
    let _ = evaluations.append("phase")
    Reduce { state, action in
      if case .finish = action { state = .done }
      return .none
    }
  }
}

/// A navigation modifier applied to a feature with a body evaluates that body once, when the
/// store is created, and not again for each action.
@Suite @MainActor struct NavigationBodyEvaluationTests {
  /// Sends three actions to a store running `reducer` and returns how often the body ran.
  private func evaluationsOverThreeSends<R: Reducer>(
    _ reducer: (Recorder<String>) -> R, actions: [Holder.Action]
  ) -> Int where R.State == Holder.State, R.Action == Holder.Action {
    let evaluations = Recorder<String>()
    let store = Store(initialState: Holder.State()) { reducer(evaluations) }
    for action in actions { store.send(action) }
    #expect(store.state.bumps == actions.filter { $0 == .bump }.count)
    return evaluations.entries.count
  }

  @Test func ifLetEvaluatesTheBodyOnce() {
    let count = evaluationsOverThreeSends(
      { Holder(evaluations: $0).ifLet(\.optional, action: \.optional) { Tap() } },
      actions: [.bump, .optional(.tap), .bump])
    #expect(count == 1)
  }

  @Test func forEachEvaluatesTheBodyOnce() {
    let count = evaluationsOverThreeSends(
      { Holder(evaluations: $0).forEach(\.rows, action: \.rows) { Tap() } },
      actions: [.bump, .rows(.element(id: 1, action: .tap)), .bump])
    #expect(count == 1)
  }

  @Test func presentationEvaluatesTheBodyOnce() {
    let count = evaluationsOverThreeSends(
      { Holder(evaluations: $0).ifLet(\.sheet, action: \.sheet) { Tap() } },
      actions: [.bump, .sheet(.presented(.tap)), .bump])
    #expect(count == 1)
  }

  @Test func alertEvaluatesTheBodyOnce() {
    let count = evaluationsOverThreeSends(
      { Holder(evaluations: $0).ifLet(\.alert, action: \.alert) },
      actions: [.bump, .bump, .bump])
    #expect(count == 1)
  }

  @Test func stackEvaluatesTheBodyOnce() {
    let count = evaluationsOverThreeSends(
      { Holder(evaluations: $0).forEach(\.path, action: \.path) { Tap() } },
      actions: [.bump, .path(.push(id: 0, state: Tap.State())), .bump])
    #expect(count == 1)
  }

  @Test func ifCaseLetEvaluatesTheBodyOnce() {
    let evaluations = Recorder<String>()
    let store = Store(initialState: Phase.State.tapping(Tap.State())) {
      Phase(evaluations: evaluations).ifCaseLet(\.tapping, action: \.tapping) { Tap() }
    }
    store.send(.tapping(.tap))
    store.send(.tapping(.tap))
    store.send(.finish)
    #expect(store.state == .done)
    #expect(evaluations.entries == ["phase"])
  }
}
