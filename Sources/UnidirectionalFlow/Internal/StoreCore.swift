/// The root of a store tree: the state, the reducer, the action queue, the effects and the
/// observers.
///
/// Actions are processed one at a time, in the order they were sent. A send made while an
/// action is being processed (by the reducer's `.send` effect, an observer, a front end's
/// callback) is queued and processed after it, never recursively.
@MainActor
@usableFromInline
final class StoreCore<R: Reducer>: StateSource<R.State> where R.Action: Sendable {
  @usableFromInline typealias Action = R.Action

  // No exclusivity checks on `state`: the reducer's inout access is the only long one, and
  // `isReducing` guards it instead, at a fraction of the cost; reading the state meanwhile (the
  // only possible overlap, as nothing else writes it) stops the program, as the check would.
  @usableFromInline @exclusivity(unchecked) var state: R.State
  @usableFromInline @exclusivity(unchecked) var isReducing = false
  /// The reducer with its body evaluated, once, when the store was created.
  @usableFromInline let runner: R._Runner
  @usableFromInline let dependencies: DependencyScope
  // Weak: an effect may outlive its store, and its late actions are then dropped.
  private(set) lazy var runtime = EffectRuntime<Action> { [weak self] action in
    _ = self?.enqueue(action, origin: .effect)
  }
  // The send path is inlined into the module that creates the store (see `enqueue`), so it sees
  // these. They skip the runtime's exclusivity checks, which cost more than the rest of a send:
  // no access to one of them can overlap another (the only one that spans a call, `spawned`
  // handed to the effect runtime, can reach `queue` and `isProcessing` only).
  @usableFromInline @exclusivity(unchecked) var queue: ContiguousArray<(Action, ActionOrigin)> = []
  @usableFromInline @exclusivity(unchecked) var isProcessing = false
  @usableFromInline @exclusivity(unchecked) var spawned: [Task<Void, Never>] = []
  @usableFromInline let observers = ObserverList()
  @usableFromInline @exclusivity(unchecked)
  var actionObservers: [(id: Int, body: (Action, ActionOrigin) -> Void)] = []

  @usableFromInline
  init(initialState: R.State, reducer: R, dependencies: DependencyValues) {
    self.state = initialState
    let dependencies = DependencyScope(dependencies)
    self.dependencies = dependencies
    // In the store's dependencies, as reducing is: a body that reads one sees the same values.
    self.runner = dependencies.enter { reducer._makeRunner() }
  }

  override var value: R.State {
    precondition(!isReducing, "The state of a store was read while its reducer was running.")
    return state
  }

  override func read<Part>(_ keyPath: KeyPath<R.State, Part>) -> Part {
    precondition(!isReducing, "The state of a store was read while its reducer was running.")
    return state[keyPath: keyPath]
  }

  override func read<Field, Part>(
    at offset: Int, as field: Field.Type, _ keyPath: KeyPath<Field, Part>
  ) -> Part {
    precondition(!isReducing, "The state of a store was read while its reducer was running.")
    return withUnsafePointer(to: &state) {
      StateSource<R.State>.read(at: offset, of: $0, as: field, keyPath)
    }
  }

  /// Queues `action` and, unless already processing, processes the queue until it is empty.
  ///
  /// Inlinable, like ``process(_:origin:)``: the store is created with a closure calling it, so
  /// that a send runs code specialized for the reducer; the rarer paths stay out of line.
  @inlinable
  func enqueue(_ action: Action, origin: ActionOrigin) -> StoreTask {
    guard !isProcessing else {
      queue.append((action, origin))
      return .none
    }
    isProcessing = true
    // The first action skips the queue, which then only holds the actions sent while processing.
    process(action, origin: origin)
    if !queue.isEmpty { processQueue() }
    isProcessing = false
    guard !spawned.isEmpty else { return .none }
    return takeSpawned()
  }

  /// The handle of the effects spawned by the actions just processed, which it takes over.
  @usableFromInline
  func takeSpawned() -> StoreTask {
    defer { spawned.removeAll(keepingCapacity: true) }
    return StoreTask(spawned)
  }

  /// Processes the actions queued while processing, in order, including those they queue.
  @usableFromInline
  func processQueue() {
    var index = 0
    while index < queue.count {
      let (action, origin) = queue[index]
      index += 1
      process(action, origin: origin)
    }
    queue.removeAll(keepingCapacity: true)
  }

  /// Runs the reducer for `action`, starts the effects it returns and tells the observers.
  @inlinable
  func process(_ action: Action, origin: ActionOrigin) {
    isReducing = true
    let effect = dependencies.enter { runner.reduce(into: &state, action: action) }
    isReducing = false
    // Effects start before observers are told, so that a `.send` effect's action is queued
    // right behind this one, ahead of anything an observer sends in reaction to it.
    if !effect.isNone { start(effect) }
    if !actionObservers.isEmpty { notifyActionObservers(action, origin: origin) }
    observers.notify()
  }

  /// Starts an effect a processed action returned.
  @usableFromInline
  func start(_ effect: Effect<Action>) {
    runtime.start(effect, in: .root, spawned: &spawned)
  }

  /// Tells the action observers about a processed action.
  @usableFromInline
  func notifyActionObservers(_ action: Action, origin: ActionOrigin) {
    for observer in actionObservers { observer.body(action, origin) }
  }
}

/// The change observers of one store tree, notified after every processed action.
@MainActor
@usableFromInline
final class ObserverList {
  // No exclusivity checks: every access is instantaneous (`notifyAll` iterates a copy).
  @usableFromInline @exclusivity(unchecked) var entries: [(id: Int, check: () -> Void)] = []
  private var nextID = 0

  func add(_ check: @escaping () -> Void) -> Int {
    nextID += 1
    entries.append((nextID, check))
    return nextID
  }

  func remove(_ id: Int) { entries.removeAll { $0.id == id } }

  /// Runs every observer's check; without observers, costs one comparison where it is inlined.
  @inlinable
  func notify() {
    if !entries.isEmpty { notifyAll() }
  }

  /// Runs every observer's check.
  @usableFromInline
  func notifyAll() {
    for entry in entries { entry.check() }
  }
}
