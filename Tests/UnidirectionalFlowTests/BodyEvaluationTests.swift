import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// A dependency a body reads while it is evaluated.
private enum LabelKey: DependencyKey {
  static let liveValue = "live"
  static let testValue = "test"
}

extension DependencyValues {
  fileprivate var label: String {
    get { self[LabelKey.self] }
    set { self[LabelKey.self] = newValue }
  }
}

/// A leaf feature with a body, which records each evaluation of its body and the label it saw.
private struct Leaf: Reducer {
  struct State: Equatable {
    var labels: [String] = []
    var ids: [Int] = []
  }
  enum Action: Equatable, Sendable {
    case record
  }

  let evaluations: Recorder<String>
  @Dependency(\.label) var label
  @Dependency(\.uuid) var uuid

  var body: some Reducer<State, Action> {
    // Read while the body is evaluated, not when an action is reduced.
    let labelWhenBuilt = label
    let _ = evaluations.append("leaf \(labelWhenBuilt)")
    Reduce { state, _ in
      state.labels.append("\(labelWhenBuilt)/\(label)")
      state.ids.append(Int(uuid().uuidString.suffix(4), radix: 16)!)
      return .none
    }
  }
}

/// A parent that scopes to two leaves, one of them with an overridden label.
private struct Tree: Reducer {
  struct State: Equatable {
    var plain = Leaf.State()
    var overridden = Leaf.State()
    var visits = 0
  }
  enum Action: Equatable, Sendable, CasePathable {
    case plain(Leaf.Action)
    case overridden(Leaf.Action)

    struct AllCasePaths: Sendable {
      var plain: AnyCasePath<Action, Leaf.Action> {
        AnyCasePath(embed: Action.plain) { if case .plain(let a) = $0 { a } else { nil } }
      }
      var overridden: AnyCasePath<Action, Leaf.Action> {
        AnyCasePath(embed: Action.overridden) {
          if case .overridden(let a) = $0 { a } else { nil }
        }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  let evaluations: Recorder<String>

  var body: some Reducer<State, Action> {
    let _ = evaluations.append("tree")
    Scope(state: \.plain, action: \.plain) { Leaf(evaluations: evaluations) }
    Scope(state: \.overridden, action: \.overridden) {
      Leaf(evaluations: evaluations)
        .dependency(\.label, "overridden")
    }
    Reduce { state, _ in
      state.visits += 1
      return .none
    }
  }
}

/// A counter whose state holds an array, to check copy-on-write through scopes.
private struct Log: Reducer {
  struct State: Equatable {
    var lines: [String] = []
  }
  enum Action: Equatable, Sendable {
    case append(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .append(let line): state.lines.append(line)
    }
    return .none
  }
}

/// A parent reaching its children through a stored field and a field of a nested struct (which
/// a store reaches by their byte offsets), and through a computed property (by its key path).
private struct Holder: Reducer {
  struct Inner: Equatable {
    var log = Log.State()
  }
  struct State: Equatable {
    var stored = Log.State()
    var inner = Inner()
    var boxed = Box(Log.State())

    /// A computed property: it has no offset, so it is reached through its key path.
    var computed: Log.State {
      get { boxed.value }
      set { boxed = Box(newValue) }
    }
  }
  enum Action: Equatable, Sendable, CasePathable {
    case stored(Log.Action)
    case inner(Log.Action)
    case computed(Log.Action)

    struct AllCasePaths: Sendable {
      var stored: AnyCasePath<Action, Log.Action> {
        AnyCasePath(embed: Action.stored) { if case .stored(let a) = $0 { a } else { nil } }
      }
      var inner: AnyCasePath<Action, Log.Action> {
        AnyCasePath(embed: Action.inner) { if case .inner(let a) = $0 { a } else { nil } }
      }
      var computed: AnyCasePath<Action, Log.Action> {
        AnyCasePath(embed: Action.computed) { if case .computed(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.stored, action: \.stored) { Log() }
    Scope(state: \.inner.log, action: \.inner) { Log() }
    Scope(state: \.computed, action: \.computed) { Log() }
  }
}

/// An immutable box: a class on the way to a value, which a key path offset cannot cross.
private final class Box<Value: Equatable & Sendable>: Equatable, Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
  static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
}

@Suite struct BodyEvaluationTests {
  @Test @MainActor func aStoreEvaluatesEveryBodyOnceWhenItIsCreated() {
    let evaluations = Recorder<String>()
    let store = Store(initialState: Tree.State()) { Tree(evaluations: evaluations) }
    #expect(evaluations.entries == ["tree", "leaf live", "leaf overridden"])

    store.send(.plain(.record))
    store.send(.overridden(.record))
    store.send(.plain(.record))
    #expect(evaluations.entries == ["tree", "leaf live", "leaf overridden"])
    #expect(store.state.visits == 3)
  }

  @Test @MainActor func aTestStoreEvaluatesEveryBodyOnceToo() async {
    let evaluations = Recorder<String>()
    let store = TestStore(initialState: Tree.State()) {
      Tree(evaluations: evaluations)
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.plain(.record)) {
      $0.plain = Leaf.State(labels: ["test/test"], ids: [0])
      $0.visits = 1
    }
    await store.send(.plain(.record)) {
      $0.plain.labels.append("test/test")
      $0.plain.ids.append(1)
      $0.visits = 2
    }
    #expect(evaluations.entries == ["tree", "leaf test", "leaf overridden"])
  }

  @Test @MainActor func bodiesSeeTheStoresDependenciesAndReducersReadThemPerAction() {
    let store = Store(initialState: Tree.State()) {
      Tree(evaluations: Recorder())
    } withDependencies: {
      $0.label = "store"
      $0.uuid = .incrementing
    }
    store.send(.plain(.record))
    store.send(.overridden(.record))
    store.send(.plain(.record))
    // The body read the label when the store was created, the reducer when each action was
    // reduced; the `.dependency` override reached both. A generator is called anew per action.
    #expect(store.state.plain.labels == ["store/store", "store/store"])
    #expect(store.state.overridden.labels == ["overridden/overridden"])
    #expect(store.state.plain.ids == [0, 2])
    #expect(store.state.overridden.ids == [1])
  }

  @Test func aReducerCalledDirectlyStillEvaluatesItsBody() {
    let evaluations = Recorder<String>()
    var state = Tree.State()
    let tree = Tree(evaluations: evaluations)
    withDependencies {
      $0.uuid = .incrementing
    } operation: {
      _ = tree.reduce(into: &state, action: .plain(.record))
      _ = tree.reduce(into: &state, action: .plain(.record))
    }
    #expect(state.plain.labels == ["live/live", "live/live"])
    #expect(evaluations.entries.filter { $0 == "tree" }.count == 2)
  }

  @Test func anErasedReducerEvaluatesItsBodyOnce() {
    let evaluations = Recorder<String>()
    let erased = Reduce(Tree(evaluations: evaluations))
    var state = Tree.State()
    withDependencies {
      $0.uuid = .incrementing
    } operation: {
      _ = erased.reduce(into: &state, action: .plain(.record))
      _ = erased.reduce(into: &state, action: .overridden(.record))
    }
    #expect(evaluations.entries == ["tree", "leaf live", "leaf overridden"])
    #expect(state.visits == 2)
  }

  @Test @MainActor func scopesReachStoredNestedAndComputedFields() {
    let store = Store(initialState: Holder.State()) { Holder() }
    store.send(.stored(.append("a")))
    store.send(.inner(.append("b")))
    store.send(.computed(.append("c")))
    store.send(.computed(.append("d")))
    #expect(store.state.stored.lines == ["a"])
    #expect(store.state.inner.log.lines == ["b"])
    #expect(store.state.computed.lines == ["c", "d"])

    // Scoped stores read and send through the same three kinds of path.
    let stored = store.scope(state: \.stored, action: \.stored)
    let inner = store.scope(state: \.inner.log, action: \.inner)
    let computed = store.scope(state: \.computed, action: \.computed)
    stored.send(.append("e"))
    inner.send(.append("f"))
    computed.send(.append("g"))
    #expect(stored.lines == ["a", "e"])
    #expect(stored.read(\.lines.count) == 2)
    #expect(inner.lines == ["b", "f"])
    #expect(inner.state == Log.State(lines: ["b", "f"]))
    #expect(computed.lines == ["c", "d", "g"])
    #expect(computed.read(\.lines.last) == "g")
  }

  @Test @MainActor func stateChangedInPlaceLeavesEarlierCopiesAlone() {
    let store = Store(initialState: Holder.State()) { Holder() }
    store.send(.stored(.append("a")))
    store.send(.inner(.append("b")))
    let before = store.state
    let storedLinesBefore = store.scope(state: \.stored, action: \.stored).read(\.lines)

    store.send(.stored(.append("c")))
    store.send(.inner(.append("d")))
    // The copies share their arrays' storage with the store's state until it changes: the
    // change copied the storage rather than writing through it.
    #expect(before.stored.lines == ["a"])
    #expect(before.inner.log.lines == ["b"])
    #expect(storedLinesBefore == ["a"])
    #expect(store.state.stored.lines == ["a", "c"])
    #expect(store.state.inner.log.lines == ["b", "d"])
  }
}
