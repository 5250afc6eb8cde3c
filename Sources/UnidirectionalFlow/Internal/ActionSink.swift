/// Where a store sends its actions: the root store's queue, or a parent's sink after embedding.
@MainActor
@usableFromInline
class ActionSink<Action> {
  /// Sends `action` to the root store.
  func send(_ action: Action, origin: ActionOrigin) -> StoreTask {
    fatalError("subclass responsibility")
  }

  /// A sink for child actions that embeds them with `embed` on their way to this one.
  func mapped<Child>(_ embed: @escaping @Sendable (Child) -> Action) -> ActionSink<Child> {
    MappedActionSink(root: self, embed: embed)
  }
}

/// Embeds child actions and sends them straight to the root sink; scoping again composes the
/// embedding instead of adding a hop, so a deep store costs one call to reach the root.
final class MappedActionSink<Root, Action>: ActionSink<Action> {
  let root: ActionSink<Root>
  let embed: @Sendable (Action) -> Root

  init(root: ActionSink<Root>, embed: @escaping @Sendable (Action) -> Root) {
    self.root = root
    self.embed = embed
  }

  override func send(_ action: Action, origin: ActionOrigin) -> StoreTask {
    root.send(embed(action), origin: origin)
  }

  override func mapped<Child>(_ embed: @escaping @Sendable (Child) -> Action) -> ActionSink<
    Child
  > {
    let outer = self.embed
    return MappedActionSink<Root, Child>(root: root, embed: { outer(embed($0)) })
  }
}

/// The root store's sink: it hands actions to a closure that the store's initializer makes in
/// the module creating the store, so that processing them runs code specialized for its reducer.
@usableFromInline
final class RootActionSink<Action>: ActionSink<Action> {
  let body: (Action, ActionOrigin) -> StoreTask

  @usableFromInline
  init(_ body: @escaping (Action, ActionOrigin) -> StoreTask) {
    self.body = body
  }

  override func send(_ action: Action, origin: ActionOrigin) -> StoreTask {
    body(action, origin)
  }
}
