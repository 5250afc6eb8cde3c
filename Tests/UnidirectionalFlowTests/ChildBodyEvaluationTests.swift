import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// A feature with a body, which records each evaluation of its body under its label: the child
/// of every modifier below.
private struct Counted: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var taps = 0
    var text = ""
  }
  enum Action: Equatable, Sendable, CasePathable {
    case tap
    case binding(BindingAction<State>)

    struct AllCasePaths: Sendable {
      var binding: AnyCasePath<Action, BindingAction<State>> {
        AnyCasePath(embed: Action.binding) { if case .binding(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  let label: String
  let evaluations: Recorder<String>

  var body: some Reducer<State, Action> {
    let _ = evaluations.append(label)
    BindingReducer(action: \.binding)
    Reduce { state, action in
      if case .tap = action { state.taps += 1 }
      return .none
    }
  }
}

/// A feature with a body that reaches a `Counted` child through each kind of composition.
private struct Tree: Reducer {
  struct State: Equatable {
    var scoped = Counted.State()
    var optional: Counted.State? = Counted.State()
    var sheet: Counted.State? = Counted.State()
    var rows: IdentifiedArrayOf<Counted.State> = [Counted.State(id: 1), Counted.State(id: 2)]
    var path = StackState<Counted.State>()
  }
  enum Action: Equatable, Sendable, CasePathable {
    case scoped(Counted.Action)
    case erased(Counted.Action)
    case optional(Counted.Action)
    case sheet(PresentationAction<Counted.Action>)
    case rows(IdentifiedActionOf<Counted>)
    case path(StackAction<Counted.State, Counted.Action>)

    struct AllCasePaths: Sendable {
      var scoped: AnyCasePath<Action, Counted.Action> {
        AnyCasePath(embed: Action.scoped) { if case .scoped(let a) = $0 { a } else { nil } }
      }
      var erased: AnyCasePath<Action, Counted.Action> {
        AnyCasePath(embed: Action.erased) { if case .erased(let a) = $0 { a } else { nil } }
      }
      var optional: AnyCasePath<Action, Counted.Action> {
        AnyCasePath(embed: Action.optional) { if case .optional(let a) = $0 { a } else { nil } }
      }
      var sheet: AnyCasePath<Action, PresentationAction<Counted.Action>> {
        AnyCasePath(embed: Action.sheet) { if case .sheet(let a) = $0 { a } else { nil } }
      }
      var rows: AnyCasePath<Action, IdentifiedActionOf<Counted>> {
        AnyCasePath(embed: Action.rows) { if case .rows(let a) = $0 { a } else { nil } }
      }
      var path: AnyCasePath<Action, StackAction<Counted.State, Counted.Action>> {
        AnyCasePath(embed: Action.path) { if case .path(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  let evaluations: Recorder<String>

  var body: some Reducer<State, Action> {
    let _ = evaluations.append("tree")
    Scope(state: \.scoped, action: \.scoped) {
      Counted(label: "scope", evaluations: evaluations)
    }
    Scope(state: \.scoped, action: \.erased) {
      Reduce(Counted(label: "erased", evaluations: evaluations))
        .dependency(\.uuid, .incrementing)
    }
    Reduce { _, _ in .none }
      .ifLet(\.optional, action: \.optional) {
        Counted(label: "ifLet", evaluations: evaluations)
      }
      .ifLet(\.sheet, action: \.sheet) {
        Counted(label: "presentation", evaluations: evaluations)
      }
      .forEach(\.rows, action: \.rows) {
        Counted(label: "forEach", evaluations: evaluations)
      }
      .forEach(\.path, action: \.path) {
        Counted(label: "stack", evaluations: evaluations)
      }
  }
}

/// The root: an enum state whose one screen is the tree, reached with `ifCaseLet`, and a screen
/// with a `Counted` feature that is not shown.
private struct Root: Reducer {
  enum State: Equatable, CasePathable {
    case tree(Tree.State)
    case hidden(Counted.State)

    struct AllCasePaths: Sendable {
      var tree: AnyCasePath<State, Tree.State> {
        AnyCasePath(embed: State.tree) { if case .tree(let s) = $0 { s } else { nil } }
      }
      var hidden: AnyCasePath<State, Counted.State> {
        AnyCasePath(embed: State.hidden) { if case .hidden(let s) = $0 { s } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }
  enum Action: Equatable, Sendable, CasePathable {
    case tree(Tree.Action)
    case hidden(Counted.Action)

    struct AllCasePaths: Sendable {
      var tree: AnyCasePath<Action, Tree.Action> {
        AnyCasePath(embed: Action.tree) { if case .tree(let a) = $0 { a } else { nil } }
      }
      var hidden: AnyCasePath<Action, Counted.Action> {
        AnyCasePath(embed: Action.hidden) { if case .hidden(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  let evaluations: Recorder<String>

  var body: some Reducer<State, Action> {
    let _ = evaluations.append("root")
    Reduce { _, _ in .none }
      .ifCaseLet(\.tree, action: \.tree) { Tree(evaluations: evaluations) }
      .ifCaseLet(\.hidden, action: \.hidden) {
        Counted(label: "ifCaseLet", evaluations: evaluations)
      }
  }
}

/// A wrapper written the wrong way: it holds the feature and calls its `reduce(into:action:)`,
/// which evaluates the feature's body anew for every action.
private struct Rebuilding<Base: Reducer>: Reducer {
  let base: Base

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    base.reduce(into: &state, action: action)
  }
}

/// Every body of a store's reducer tree is evaluated once, when the store is created: the
/// children given to `Scope`, `Reduce(_:)`, `.dependency`, `ifLet`, presentation, `forEach`, a
/// stack and `ifCaseLet` keep the reducer their body built, and so does `BindingReducer` its
/// case path.
@Suite @MainActor struct ChildBodyEvaluationTests {
  /// Every body the root's tree holds, in the order the store evaluates them.
  static let everyBody = [
    "root", "tree", "scope", "erased", "ifLet", "presentation", "forEach", "stack", "ifCaseLet",
  ]

  /// An action for every child of the tree (the stack's once it is pushed), and an edit
  /// through each `BindingReducer`.
  fileprivate static let actionForEveryChild: [Root.Action] = [
    .tree(.scoped(.tap)), .tree(.erased(.tap)), .tree(.optional(.tap)),
    .tree(.sheet(.presented(.tap))), .tree(.rows(.element(id: 2, action: .tap))),
    .tree(.path(.element(id: 0, action: .tap))),
    .tree(.scoped(.binding(.set(\.text, "a")))), .tree(.erased(.binding(.set(\.text, "b")))),
    .tree(.optional(.binding(.set(\.text, "c")))),
  ]

  @Test func aStoreEvaluatesEveryNestedBodyOnce() {
    let evaluations = Recorder<String>()
    let store = Store(initialState: Root.State.tree(Tree.State())) {
      Root(evaluations: evaluations)
    }
    #expect(evaluations.entries == Self.everyBody)

    store.send(.tree(.path(.push(id: 0, state: Counted.State()))))
    for _ in 0..<3 {
      for action in Self.actionForEveryChild { store.send(action) }
    }
    #expect(evaluations.entries == Self.everyBody)
    guard case .tree(let tree) = store.state else {
      Issue.record("the root left the tree: \(store.state)")
      return
    }
    // The actions reached their children: the counts are those of three rounds.
    #expect(tree.scoped.taps == 6)
    #expect(tree.scoped.text == "b")
    #expect(tree.optional?.taps == 3)
    #expect(tree.optional?.text == "c")
    #expect(tree.sheet?.taps == 3)
    #expect(tree.rows[id: 2]?.taps == 3)
    #expect(tree.path.count == 1)
    #expect(tree.path[id: 0]?.taps == 3)
  }

  @Test func eachStoreEvaluatesTheBodiesOnceForItself() {
    let evaluations = Recorder<String>()
    let first = Store(initialState: Root.State.tree(Tree.State())) {
      Root(evaluations: evaluations)
    }
    let second = Store(initialState: Root.State.hidden(Counted.State())) {
      Root(evaluations: evaluations)
    }
    first.send(.tree(.path(.push(id: 0, state: Counted.State()))))
    for action in Self.actionForEveryChild { first.send(action) }
    second.send(.hidden(.tap))
    second.send(.hidden(.binding(.set(\.text, "shown"))))
    #expect(evaluations.entries == Self.everyBody + Self.everyBody)
    #expect(second.state == .hidden(Counted.State(taps: 1, text: "shown")))
  }

  @Test func aBodyEvaluatedForEveryActionIsReported() async {
    let evaluations = Recorder<String>()
    let store = TestStore(initialState: Counted.State()) {
      Rebuilding(base: Counted(label: "rebuilt", evaluations: evaluations))
    }
    await withKnownIssue {
      await store.send(.tap) { $0.taps = 1 }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("'Counted' was evaluated while a store") }
    }
    // Reported once per type; the body is still evaluated for every action.
    await store.send(.tap) { $0.taps = 2 }
    #expect(evaluations.entries == ["rebuilt", "rebuilt"])
  }
}
