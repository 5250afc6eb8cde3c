/// The root of a store tree: the state, the reducer, the action queue, the effects and the
/// observers.
///
/// Actions are processed one at a time, in the order they were sent. A send made while an
/// action is being processed (by the reducer's `.send` effect, an observer, a front end's
/// callback) is queued and processed after it, never recursively.
///
/// The state lives in memory of its own, allocated once, so that its address never changes:
/// every store of the tree reads its part there in place (see ``InlineState``). The reducer's
/// `inout` access to it is the only long one, and ``StateGuard/isReducing`` guards it (reading
/// the state meanwhile stops the program, as an exclusivity check would).
///
/// The other properties the send path touches skip the runtime's exclusivity checks: with
/// them, a send to a root store measured 40.6 ns on `benchmarks core` (`Store.Send`), without
/// them 13.2 ns. No access to one of them can overlap another: the only access that spans a
/// call (`spawned`, handed to the effect runtime) can reach `queue` and `isProcessing` only.
@MainActor
@usableFromInline
final class RootCore<State, Action>: StateGuard, StoreCore, StoreRoot {
  /// The state, at an address that never changes.
  @usableFromInline let current: UnsafeMutablePointer<State>
  @usableFromInline let dependencies: DependencyScope
  // Weak: an effect may outlive its store, and its late actions are then dropped; they come
  // back through `deliver`, which the store's initializer sets to its specialized send.
  private(set) lazy var runtime = EffectRuntime<Action> { [weak self] action in
    _ = self?.deliver?(action, .effect)
  }
  @usableFromInline var deliver: ActionSink<Action>?
  @usableFromInline @exclusivity(unchecked) var queue: [(Action, ActionOrigin)] = []
  @usableFromInline @exclusivity(unchecked) var isProcessing = false
  @usableFromInline @exclusivity(unchecked) var spawned: [Task<Void, Never>] = []
  @usableFromInline @exclusivity(unchecked) var actionObservers:
    [(id: Int, body: (Action, ActionOrigin) -> Void)] = []
  @usableFromInline let observers = ObserverList()

  @usableFromInline
  init(initialState: State, dependencies: DependencyScope) {
    current = .allocate(with: initialState)
    self.dependencies = dependencies
    super.init()
  }

  // Isolated, as every other access to the memory: released off the main actor, a store
  // frees its state once the main actor runs the deinitializer.
  isolated deinit { current.free() }

  @usableFromInline var inlineState: InlineState<State>? {
    InlineState(guard: self, address: UnsafePointer(current))
  }

  @usableFromInline func snapshot() -> UnsafePointer<State> {
    if isReducing { readWhileReducing() }
    return UnsafePointer(current)
  }

  // The send path below is inlined into the module that creates the store (its initializer
  // makes the store's send function there), so that it runs code specialized for the state,
  // the actions and the reducer; the rarer paths stay out of line. It pays (`benchmarks core`):
  // Store.Send 11.2 ns with, 206 ns without; NestedStore.Send 108 vs 1033.

  /// Queues `action` and, unless already processing, processes the queue until it is empty.
  @inlinable
  func enqueue<R: Reducer>(_ action: Action, origin: ActionOrigin, reducer: R) -> StoreTask
  where R.State == State, R.Action == Action {
    guard !isProcessing else {
      queue.append((action, origin))
      return .none
    }
    isProcessing = true
    // The first action skips the queue, which then only holds the actions sent while processing.
    process(action, origin: origin, reducer: reducer)
    var index = 0
    while index < queue.count {
      let (action, origin) = queue[index]
      index += 1
      process(action, origin: origin, reducer: reducer)
    }
    if !queue.isEmpty { queue.removeAll(keepingCapacity: true) }
    isProcessing = false
    return spawned.isEmpty ? .none : takeSpawned()
  }

  /// Runs the reducer for `action`, starts the effects it returns and tells the observers.
  @inlinable
  func process<R: Reducer>(_ action: Action, origin: ActionOrigin, reducer: R)
  where R.State == State, R.Action == Action {
    // The reducer changes the state in place; reading it meanwhile stops the program.
    isReducing = true
    let effect = dependencies.enterReducing {
      reducer.reduce(into: &current.pointee, action: action)
    }
    isReducing = false
    // Effects start before observers are told, so that a `.send` effect's action is queued
    // right behind this one, ahead of anything an observer sends in reaction to it.
    if !effect.isNone { start(effect) }
    if !actionObservers.isEmpty { notifyActionObservers(action, origin: origin) }
    observers.notify()
  }

  /// The handle of the effects spawned by the actions just processed, which it takes over.
  @usableFromInline func takeSpawned() -> StoreTask {
    defer { spawned.removeAll(keepingCapacity: true) }
    return StoreTask(spawned)
  }

  /// Starts an effect a processed action returned.
  @usableFromInline func start(_ effect: Effect<Action>) {
    runtime.start(effect, in: .root, spawned: &spawned)
  }

  /// Tells the action observers about a processed action.
  @usableFromInline func notifyActionObservers(_ action: Action, origin: ActionOrigin) {
    for observer in actionObservers { observer.body(action, origin) }
  }

  @usableFromInline var root: any StoreRoot { self }

  @usableFromInline func observeActions(
    _ body: @escaping @MainActor (Action, ActionOrigin) -> Void
  ) -> StoreSubscription {
    let id = (actionObservers.map(\.id).max() ?? 0) + 1
    actionObservers.append((id, body))
    return StoreSubscription { [weak self] in self?.actionObservers.removeAll { $0.id == id } }
  }

  @usableFromInline var effectsInFlight: Int { runtime.runningCount }

  @usableFromInline var uncancelledEffectsInFlight: Int { runtime.uncancelledCount }

  @usableFromInline func awaitEffects() async {
    while runtime.runningCount > 0 { await runtime.waitUntilIdle() }
  }

  @usableFromInline func cancelEffects() { runtime.cancelAll() }
}
