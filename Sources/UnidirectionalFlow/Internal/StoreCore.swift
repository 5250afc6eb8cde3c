/// The root of a store tree: the state, the reducer, the action queue, the effects and the
/// observers.
///
/// Actions are processed one at a time, in the order they were sent. A send made while an
/// action is being processed (by the reducer's `.send` effect, an observer, a front end's
/// callback) is queued and processed after it, never recursively.
@MainActor
final class StoreCore<R: Reducer>: StateSource<R.State> where R.Action: Sendable {
  typealias Action = R.Action

  var state: R.State
  let reducer: R
  let dependencies: DependencyScope
  private(set) lazy var runtime = EffectRuntime<Action> { [unowned self] action in
    _ = self.enqueue(action, origin: .effect)
  }
  private var queue: ContiguousArray<(Action, ActionOrigin)> = []
  private var isProcessing = false
  private var spawned: [Task<Void, Never>] = []
  let observers = ObserverList()
  var actionObservers: [(id: Int, body: (Action, ActionOrigin) -> Void)] = []

  init(initialState: R.State, reducer: R, dependencies: DependencyValues) {
    self.state = initialState
    self.reducer = reducer
    self.dependencies = DependencyScope(dependencies)
  }

  override var value: R.State { state }

  override func read<Part>(_ keyPath: KeyPath<R.State, Part>) -> Part { state[keyPath: keyPath] }

  /// Queues `action` and, unless already processing, processes the queue until it is empty.
  func enqueue(_ action: Action, origin: ActionOrigin) -> StoreTask {
    queue.append((action, origin))
    guard !isProcessing else { return StoreTask([]) }
    isProcessing = true
    var index = 0
    while index < queue.count {
      let (action, origin) = queue[index]
      index += 1
      process(action, origin: origin)
    }
    queue.removeAll(keepingCapacity: true)
    isProcessing = false
    guard !spawned.isEmpty else { return StoreTask([]) }
    defer { spawned.removeAll(keepingCapacity: true) }
    return StoreTask(spawned)
  }

  private func process(_ action: Action, origin: ActionOrigin) {
    let effect = dependencies.enter { reducer.reduce(into: &state, action: action) }
    for observer in actionObservers { observer.body(action, origin) }
    observers.notify()
    if !effect.isNone {
      runtime.start(effect, in: .root, spawned: &spawned)
    }
  }
}

/// The change observers of one store tree, notified after every processed action.
@MainActor
final class ObserverList {
  private var entries: [(id: Int, check: () -> Void)] = []
  private var nextID = 0

  func add(_ check: @escaping () -> Void) -> Int {
    nextID += 1
    entries.append((nextID, check))
    return nextID
  }

  func remove(_ id: Int) { entries.removeAll { $0.id == id } }

  func notify() {
    for entry in entries { entry.check() }
  }
}

extension StoreCore {
  /// The root sink for this core.
  final class Sink: ActionSink<Action> {
    let core: StoreCore

    init(core: StoreCore) { self.core = core }

    override func send(_ action: Action, origin: ActionOrigin) -> StoreTask {
      core.enqueue(action, origin: origin)
    }
  }
}
