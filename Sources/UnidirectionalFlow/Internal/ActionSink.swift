/// Where a store sends its actions: a function that embeds them, level by level, into the root
/// store's actions and queues them there.
@usableFromInline
typealias ActionSink<Action> = (Action, ActionOrigin) -> StoreTask

/// A sink for child actions that embeds them with `embed` on their way to `parent`.
///
/// Inlinable, as the store's `scope` methods that call it are: the closure is made in the module
/// that scopes the store, specialized for its action types, so a send through a deep store costs
/// a call and an embedding per level, with no generic metadata looked up on the way.
@inlinable
func mappedSink<Parent, Child>(
  _ parent: @escaping ActionSink<Parent>, _ embed: @escaping @Sendable (Child) -> Parent
) -> ActionSink<Child> {
  { parent(embed($0), $1) }
}
