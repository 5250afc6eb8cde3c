import UnidirectionalFlow

/// Scoped stores into the nested tree, made with the library and by hand.
@MainActor
enum NestedStores {
  /// A root store of the nested tree.
  typealias Root = Store<NestedRoot.State, NestedRoot.Action>
  /// A store one level below the root.
  typealias Depth1 = Store<Level9.State, Level9.Action>
  /// The store of the tree's leaf, ten levels below the root.
  typealias Leaf = Store<Counter.State, Counter.Action>

  /// A fresh root store of the nested tree.
  static func root() -> Root {
    Store(initialState: NestedRoot.initialState) { NestedRoot() }
  }

  /// A store scoped one level below `root`.
  static func depth1(of root: Root) -> Depth1 {
    root.scope(state: \.child, action: \.child)
  }

  /// A store scoped to the leaf, ten levels below `root`, one level at a time.
  static func leaf(of root: Root) -> Leaf {
    root
      .scope(state: \.child, action: \.child)
      .scope(state: \.child, action: \.child)
      .scope(state: \.child, action: \.child)
      .scope(state: \.child, action: \.child)
      .scope(state: \.child, action: \.child)
      .scope(state: \.child, action: \.child)
      .scope(state: \.child, action: \.child)
      .scope(state: \.child, action: \.child)
      .scope(state: \.child, action: \.child)
      .scope(state: \.child, action: \.child)
  }

  /// The hand-written equivalent of ``depth1(of:)``.
  static func manualDepth1(of root: ManualStore<NestedRoot>) -> AnyObject {
    ManualScope(parent: root, toState: \Level10.State.child, toAction: Level10.Action.child)
  }

  /// The hand-written equivalent of ``leaf(of:)``: ten scopes, each holding the one above.
  static func manualLeaf(of root: ManualStore<NestedRoot>) -> AnyObject {
    let scope9 = ManualScope(
      parent: root, toState: \Level10.State.child, toAction: Level10.Action.child)
    let scope8 = ManualScope(
      parent: scope9, toState: \Level9.State.child, toAction: Level9.Action.child)
    let scope7 = ManualScope(
      parent: scope8, toState: \Level8.State.child, toAction: Level8.Action.child)
    let scope6 = ManualScope(
      parent: scope7, toState: \Level7.State.child, toAction: Level7.Action.child)
    let scope5 = ManualScope(
      parent: scope6, toState: \Level6.State.child, toAction: Level6.Action.child)
    let scope4 = ManualScope(
      parent: scope5, toState: \Level5.State.child, toAction: Level5.Action.child)
    let scope3 = ManualScope(
      parent: scope4, toState: \Level4.State.child, toAction: Level4.Action.child)
    let scope2 = ManualScope(
      parent: scope3, toState: \Level3.State.child, toAction: Level3.Action.child)
    let scope1 = ManualScope(
      parent: scope2, toState: \Level2.State.child, toAction: Level2.Action.child)
    return ManualScope(
      parent: scope1, toState: \Level1.State.child, toAction: Level1.Action.child)
  }
}
