/// How a scoped store's actions reach its parent: embedded into the parent's actions, then sent
/// through the parent's sink.
///
/// Held by the scoped store's core, so that the store's own sink captures the core alone and
/// costs no allocation of its own (a closure capturing one object uses it as its context).
@usableFromInline
struct Upstream<ParentAction, Action> {
  @usableFromInline let sink: ActionSink<ParentAction>
  @usableFromInline let embed: @Sendable (Action) -> ParentAction

  @usableFromInline
  init(
    sink: @escaping ActionSink<ParentAction>, embed: @escaping @Sendable (Action) -> ParentAction
  ) {
    self.sink = sink
    self.embed = embed
  }

  /// Sends `action` to the parent, embedded.
  @inlinable
  func send(_ action: Action, _ origin: ActionOrigin) -> StoreTask {
    sink(embed(action), origin)
  }
}

/// A store core for a part of its parent's state reached by a key path.
///
/// A part stored inline in the root's state is read in place (see ``InlineState``); any other
/// part is copied out of the parent's state on each read, into memory this core keeps.
@usableFromInline
final class KeyPathCore<ParentState, ParentAction, State, Action>: StoreCore {
  @usableFromInline let upstream: Upstream<ParentAction, Action>
  @usableFromInline let inlineState: InlineState<State>?
  let parent: any StoreCore<ParentState, ParentAction>
  let keyPath: KeyPath<ParentState, State>
  /// The copy of a part not stored inline, made on the first read and refreshed on every
  /// read.
  private var copy: UnsafeMutablePointer<State>?

  /// A core for the part of `parent`'s state at `keyPath`, sending through `upstream`.
  @usableFromInline
  init(
    parent: any StoreCore<ParentState, ParentAction>, keyPath: KeyPath<ParentState, State>,
    upstream: Upstream<ParentAction, Action>
  ) {
    self.parent = parent
    self.keyPath = keyPath
    self.upstream = upstream
    inlineState = parent.inlineState?.part(keyPath)
  }

  isolated deinit { copy?.free() }

  @usableFromInline func snapshot() -> UnsafePointer<State> {
    if let inlineState { return inlineState.readableAddress }
    let part = parent.snapshot().pointee[keyPath: keyPath]
    guard let copy else {
      let copy = UnsafeMutablePointer.allocate(with: part)
      self.copy = copy
      return UnsafePointer(copy)
    }
    copy.pointee = part
    return UnsafePointer(copy)
  }

  @usableFromInline var root: any StoreRoot { parent.root }

  @usableFromInline func observeActions(
    _ body: @escaping @MainActor (Action, ActionOrigin) -> Void
  ) -> StoreSubscription {
    preconditionFailure("observeActions is available on a root store only.")
  }
}

/// A store core for a part of its parent's state that may be absent: an optional field or an
/// enum case. While it is absent the last value seen is returned, so a screen being dismissed
/// can still render.
final class OptionalCore<ParentState, ParentAction, State, Action>: StoreCore {
  let upstream: Upstream<ParentAction, Action>
  let parent: any StoreCore<ParentState, ParentAction>
  let extract: @MainActor (any StoreCore<ParentState, ParentAction>) -> State?
  /// The last value seen, refreshed on every read.
  let last: UnsafeMutablePointer<State>

  /// A core for the part of `parent` that `extract` finds, starting from `initial`.
  init(
    parent: any StoreCore<ParentState, ParentAction>,
    extract: @escaping @MainActor (any StoreCore<ParentState, ParentAction>) -> State?,
    initial: State, upstream: Upstream<ParentAction, Action>
  ) {
    self.parent = parent
    self.extract = extract
    self.last = .allocate(with: initial)
    self.upstream = upstream
  }

  isolated deinit { last.free() }

  var inlineState: InlineState<State>? { nil }

  func snapshot() -> UnsafePointer<State> {
    if let current = extract(parent) { last.pointee = current }
    return UnsafePointer(last)
  }

  var root: any StoreRoot { parent.root }

  func observeActions(
    _ body: @escaping @MainActor (Action, ActionOrigin) -> Void
  ) -> StoreSubscription {
    preconditionFailure("observeActions is available on a root store only.")
  }
}
