/// A store core for a part of another core's state reached by a key path.
///
/// Chains of key paths are joined when a store is scoped, so `base` is the nearest root or
/// optional core, and reading the part costs one key path, however deep the store is; a part
/// stored inline in a root's state is read at its offset (see ``InlineRead``).
final class KeyPathCore<Base, BaseAction: Sendable, State, Action: Sendable>: StoreCore {
  let base: any StoreCore<Base, BaseAction>
  let keyPath: KeyPath<Base, State>
  let inline: InlineRead<Base, BaseAction, State>?

  /// A core for the part of `base`'s state at `keyPath`; `root` is `base` when it is a root.
  init(
    base: any StoreCore<Base, BaseAction>, root: RootCore<Base, BaseAction>?,
    keyPath: KeyPath<Base, State>
  ) {
    self.base = base
    self.keyPath = keyPath
    self.inline = InlineRead(root: root, keyPath: keyPath)
  }

  var state: State { base.read(keyPath) }

  func read<Part>(_ keyPath: KeyPath<State, Part>) -> Part {
    if let inline { return inline.read(keyPath) }
    return base.read(self.keyPath)[keyPath: keyPath]
  }

  var root: any StoreRoot { base.root }

  func scoped<Part, PartAction: Sendable>(
    _ keyPath: KeyPath<State, Part>
  ) -> any StoreCore<Part, PartAction> {
    KeyPathCore<Base, BaseAction, Part, PartAction>(
      base: base, root: inline?.root, keyPath: self.keyPath.appending(path: keyPath))
  }

  func observeActions(
    _ body: @escaping @MainActor (Action, ActionOrigin) -> Void
  ) -> StoreSubscription {
    preconditionFailure("observeActions is available on a root store only.")
  }
}

/// A store core for a part of another core's state that may be absent: an optional field or
/// an enum case. While it is absent the last value seen is returned, so a screen being
/// dismissed can still render.
final class OptionalCore<Base, BaseAction: Sendable, State, Action: Sendable>: StoreCore {
  let base: any StoreCore<Base, BaseAction>
  let extract: (Base) -> State?
  private var last: State

  init(
    base: any StoreCore<Base, BaseAction>, extract: @escaping (Base) -> State?, initial: State
  ) {
    self.base = base
    self.extract = extract
    self.last = initial
  }

  var state: State {
    if let current = extract(base.state) { last = current }
    return last
  }

  func read<Part>(_ keyPath: KeyPath<State, Part>) -> Part { state[keyPath: keyPath] }

  var root: any StoreRoot { base.root }

  func scoped<Part, PartAction: Sendable>(
    _ keyPath: KeyPath<State, Part>
  ) -> any StoreCore<Part, PartAction> {
    KeyPathCore<State, Action, Part, PartAction>(base: self, root: nil, keyPath: keyPath)
  }

  func observeActions(
    _ body: @escaping @MainActor (Action, ActionOrigin) -> Void
  ) -> StoreSubscription {
    preconditionFailure("observeActions is available on a root store only.")
  }
}

/// A core for a part of `base` that `extract` finds, starting from `initial`; a function, so
/// that a store's inlinable `scope` can make one without seeing the class.
@MainActor
func optionalCore<Base, BaseAction: Sendable, State, Action: Sendable>(
  base: any StoreCore<Base, BaseAction>, extract: @escaping (Base) -> State?, initial: State
) -> any StoreCore<State, Action> {
  OptionalCore(base: base, extract: extract, initial: initial)
}
