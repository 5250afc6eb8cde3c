import HostIO

/// Work that front ends asked for from threads other than the store thread (sends and text
/// edits), waiting for the store thread.
///
/// The store runs only on the store thread, so such a call is queued and carried out there
/// later, in arrival order (each thread's calls keep their order, and a thread's sends and
/// edits stay in order with each other). One store-thread task at a time runs the queue, at
/// most ``batchSize`` jobs before it lets the store thread's other work (effects, input,
/// timers) have its turn: a burst of sends from other threads costs one task per batch instead
/// of one per send, holds no task's memory per send, and cannot keep the store thread from
/// everything else for longer than a batch.
final class StoreThreadQueue: Sendable {
  /// A queued call, run on the store thread.
  typealias Job = @MainActor @Sendable () -> Void

  private struct Queue {
    var jobs: [Job] = []
    var isDrainScheduled = false
  }

  // Many sending threads contend for it: see `Lock` for why not `Mutex`.
  private let queue = Lock(Queue())

  /// The process's queue: there is one store thread.
  static let shared = StoreThreadQueue()

  /// Queues `job` and makes sure a drain is scheduled on the store thread. [thread-safe]
  func enqueue(_ job: @escaping Job) {
    let needsDrain = queue.withLock { queue in
      queue.jobs.append(job)
      defer { queue.isDrainScheduled = true }
      return !queue.isDrainScheduled
    }
    if needsDrain { StoreThread.schedule { self.drain() } }
  }

  /// How many jobs a drain runs before it queues itself behind the store thread's other work.
  static let batchSize = 256

  // The jobs taken out of the queue and not run yet, oldest first from `nextJob`.
  @MainActor private var draining: [Job] = []
  @MainActor private var nextJob = 0

  /// Runs up to ``batchSize`` queued jobs, in order, then schedules itself again if any are
  /// left; with none left, the next `enqueue` schedules a drain.
  @MainActor private func drain() {
    for _ in 0..<Self.batchSize {
      if nextJob == draining.count {
        draining = queue.withLock { queue in
          // Cleared under the lock: an enqueue right after this schedules a new drain.
          if queue.jobs.isEmpty { queue.isDrainScheduled = false }
          defer { queue.jobs = [] }
          return queue.jobs
        }
        nextJob = 0
        if draining.isEmpty { return }
      }
      let job = draining[nextJob]
      nextJob += 1
      job()
    }
    StoreThread.schedule { self.drain() }
  }
}
