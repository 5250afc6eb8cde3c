/// Runs the effects of one store: starts tasks, tracks them for cancellation, and tells when
/// none is left.
///
/// Everything here happens on the main actor, in the order the store hands effects over, so a
/// `.cancel` returned by one action always reaches the tasks started by earlier actions.
@MainActor
final class EffectRuntime<Action> {
  /// Where a running effect is: the navigation path it runs under, the cancellation keys its
  /// tasks are registered with, and what `dismiss()` does inside it.
  struct Context {
    var path: [CancelID] = []
    var keys: [CancelKey] = []
    var dismiss: (@Sendable () async -> Void)?

    static var root: Self { Self() }
  }

  /// A cancellation identifier within a navigation path.
  struct CancelKey: Hashable {
    let path: [CancelID]
    let id: CancelID
  }

  private struct Running {
    let task: Task<Void, Never>
    let keys: [CancelKey]
  }

  private let deliver: @MainActor (Action) -> Void
  private var running: [Int: Running] = [:]
  private var tasksByKey: [CancelKey: Set<Int>] = [:]
  private var nextTaskID = 0
  private var idleWaiters: [CheckedContinuation<Void, Never>] = []

  /// Creates a runtime that hands every action an effect sends to `deliver`.
  init(deliver: @escaping @MainActor (Action) -> Void) {
    self.deliver = deliver
  }

  /// How many effect tasks are running.
  var runningCount: Int { running.count }

  /// How many running effect tasks are not cancelled: a cancelled one is over for whoever
  /// waits for the effects, though its task may take a moment to wind down.
  var uncancelledCount: Int { running.values.count { !$0.task.isCancelled } }

  /// Starts `effect`; appends the tasks it spawned to `spawned`.
  ///
  /// `.send` actions are delivered and `.cancel` takes effect before this returns.
  func start(
    _ effect: Effect<Action>, in context: Context, spawned: inout [Task<Void, Never>]
  ) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      deliver(action)
    case .run(let run):
      spawned.append(spawn(run, in: context))
    case .merge(let effects):
      for effect in effects { start(effect, in: context, spawned: &spawned) }
    case .concatenate(let effects):
      spawned.append(
        spawnTask(priority: nil, keys: context.keys) { runtime in
          for effect in effects {
            // A cancelled concatenation starts nothing more, not even a `.send`.
            guard !Task.isCancelled else { return }
            await runtime.perform(effect, in: context)
          }
        })
    case .cancellable(let id, let cancelInFlight, let inner):
      let key = CancelKey(path: context.path, id: id)
      if cancelInFlight { cancel(key) }
      var innerContext = context
      innerContext.keys.append(key)
      start(inner, in: innerContext, spawned: &spawned)
    case .cancel(let id):
      cancel(CancelKey(path: context.path, id: id))
    case .navigation(let id, let dismissAction, let inner):
      var innerContext = context
      innerContext.keys.append(CancelKey(path: context.path, id: id))
      innerContext.path.append(id)
      if let dismissAction {
        // Like `Send`, a cancelled effect delivers nothing: a child whose parent already
        // removed it is not dismissed a second time.
        innerContext.dismiss = { @MainActor [weak self] in
          guard !Task.isCancelled else { return }
          self?.deliver(dismissAction)
        }
      }
      start(inner, in: innerContext, spawned: &spawned)
    }
  }

  /// Runs `effect` to completion from inside a task, forwarding cancellation to what it spawns.
  func perform(_ effect: Effect<Action>, in context: Context) async {
    var spawned: [Task<Void, Never>] = []
    start(effect, in: context, spawned: &spawned)
    for task in spawned {
      await withTaskCancellationHandler {
        await task.value
      } onCancel: {
        task.cancel()
      }
    }
  }

  /// Cancels every running effect.
  func cancelAll() {
    for entry in running.values { entry.task.cancel() }
  }

  /// Returns once no effect task is running.
  func waitUntilIdle() async {
    guard !running.isEmpty else { return }
    await withCheckedContinuation { idleWaiters.append($0) }
  }

  private func spawn(_ run: Effect<Action>.Run, in context: Context) -> Task<Void, Never> {
    let dismiss = context.dismiss.map { DismissEffect($0) }
    return spawnTask(priority: run.priority, keys: context.keys) { runtime in
      let send = Send<Action> { [weak runtime] action in runtime?.deliver(action) }
      await DismissEffect.$handler.withValue(dismiss) {
        await DependencyValues.$taskLocal.withValue(run.dependencies) {
          await run.operation(send)
        }
      }
    }
  }

  private func spawnTask(
    priority: TaskPriority?, keys: [CancelKey],
    operation: @escaping @MainActor @Sendable (EffectRuntime) async -> Void
  ) -> Task<Void, Never> {
    let id = nextTaskID
    nextTaskID += 1
    let task = Task(priority: priority) { @MainActor [self] in
      await operation(self)
      self.finished(id)
    }
    running[id] = Running(task: task, keys: keys)
    for key in keys { tasksByKey[key, default: []].insert(id) }
    return task
  }

  private func finished(_ id: Int) {
    guard let entry = running.removeValue(forKey: id) else { return }
    for key in entry.keys {
      tasksByKey[key]?.remove(id)
      if tasksByKey[key]?.isEmpty == true { tasksByKey[key] = nil }
    }
    if running.isEmpty {
      let waiters = idleWaiters
      idleWaiters = []
      for waiter in waiters { waiter.resume() }
    }
  }

  private func cancel(_ key: CancelKey) {
    guard let ids = tasksByKey.removeValue(forKey: key) else { return }
    for id in ids { running[id]?.task.cancel() }
  }
}
