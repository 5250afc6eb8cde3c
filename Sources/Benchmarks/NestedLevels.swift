import UnidirectionalFlow

/// The first level of the nested benchmark tree, right above the ``Counter`` leaf.
struct Level1: NestedLevel {
  typealias Child = Counter
  typealias State = NestedState<Child.State>
  typealias Action = NestedAction<Child.Action>

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Child() }
    Reduce(Self.reduceOwnActions)
  }
}

/// The second level of the nested benchmark tree.
struct Level2: NestedLevel {
  typealias Child = Level1
  typealias State = NestedState<Child.State>
  typealias Action = NestedAction<Child.Action>

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Child() }
    Reduce(Self.reduceOwnActions)
  }
}

/// The third level of the nested benchmark tree.
struct Level3: NestedLevel {
  typealias Child = Level2
  typealias State = NestedState<Child.State>
  typealias Action = NestedAction<Child.Action>

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Child() }
    Reduce(Self.reduceOwnActions)
  }
}

/// The fourth level of the nested benchmark tree.
struct Level4: NestedLevel {
  typealias Child = Level3
  typealias State = NestedState<Child.State>
  typealias Action = NestedAction<Child.Action>

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Child() }
    Reduce(Self.reduceOwnActions)
  }
}

/// The fifth level of the nested benchmark tree.
struct Level5: NestedLevel {
  typealias Child = Level4
  typealias State = NestedState<Child.State>
  typealias Action = NestedAction<Child.Action>

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Child() }
    Reduce(Self.reduceOwnActions)
  }
}

/// The sixth level of the nested benchmark tree.
struct Level6: NestedLevel {
  typealias Child = Level5
  typealias State = NestedState<Child.State>
  typealias Action = NestedAction<Child.Action>

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Child() }
    Reduce(Self.reduceOwnActions)
  }
}

/// The seventh level of the nested benchmark tree.
struct Level7: NestedLevel {
  typealias Child = Level6
  typealias State = NestedState<Child.State>
  typealias Action = NestedAction<Child.Action>

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Child() }
    Reduce(Self.reduceOwnActions)
  }
}

/// The eighth level of the nested benchmark tree.
struct Level8: NestedLevel {
  typealias Child = Level7
  typealias State = NestedState<Child.State>
  typealias Action = NestedAction<Child.Action>

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Child() }
    Reduce(Self.reduceOwnActions)
  }
}

/// The ninth level of the nested benchmark tree.
struct Level9: NestedLevel {
  typealias Child = Level8
  typealias State = NestedState<Child.State>
  typealias Action = NestedAction<Child.Action>

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Child() }
    Reduce(Self.reduceOwnActions)
  }
}

/// The tenth level of the nested benchmark tree, its root.
struct Level10: NestedLevel {
  typealias Child = Level9
  typealias State = NestedState<Child.State>
  typealias Action = NestedAction<Child.Action>

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Child() }
    Reduce(Self.reduceOwnActions)
  }
}
