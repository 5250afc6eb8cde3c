import Synchronization

/// A clock whose time only moves when a test tells it to, so code that sleeps can be tested
/// deterministically and without waiting for real time to pass.
///
/// Tasks that call ``sleep(until:tolerance:)`` suspend until the test advances the clock to (or
/// past) their deadline with ``advance(by:)``, ``advance(to:)`` or ``run()``. A deadline that has
/// already been reached returns at once.
///
/// ## How advancing works
///
/// Advancing to a target instant wakes the suspended sleepers one at a time:
///
/// 1. Pick the sleeper with the earliest deadline that is at or before the target. Sleepers with
///    equal deadlines wake in the order they started sleeping.
/// 2. Set ``now`` to that sleeper's deadline and resume it, so the woken code observes the time
///    it asked for.
/// 3. Let the woken task run: wait (with `Task.yield()`) until its `sleep` call has actually
///    returned, then yield a further bounded burst so it can reach its next suspension point.
///    If it sleeps again on this clock with a deadline inside the window, it is picked up by
///    step 1 and woken in order, too.
/// 4. Repeat until no sleeper is due, then set ``now`` to the target.
///
/// Swift offers no way to wait for an arbitrary task to become idle, so step 3 is a best effort:
/// a woken task that runs in parallel with the advancing one (on the global executor), is
/// delayed by the operating system, hops between executors or awaits other asynchronous events
/// may still be running when the next sleeper is woken or when `advance` returns.
///
/// The asynchronous methods here are `nonisolated(nonsending)`: they run on the caller's actor.
/// So when the test and the sleeping code share one actor (for example both are `@MainActor`)
/// and the sleeping code calls `sleep(until:tolerance:)` or `sleep(for:tolerance:)` on the
/// `TestClock` itself, each woken task runs up to its next suspension before the advance goes
/// on, and the order of wake-ups is fully deterministic. (Calls made through `any Clock` or
/// generic `Clock` code may leave the actor, because the standard library's `Clock`
/// requirements and extension methods are not `nonisolated(nonsending)`; that brings back the
/// best-effort behaviour.)
///
/// In tests, wait for the expected number of sleepers (``waitForSleepers(_:timeout:sourceLocation:)``)
/// before advancing, rather than assuming a freshly created task has already started sleeping.
///
/// The clock never moves backwards: advancing to an instant before ``now`` does nothing.
public final class TestClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// A point in this clock's time.
  public typealias Instant = OffsetInstant<Duration>

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now: Instant
    var nextID: UInt64 = 0
    /// Suspended sleepers, in the order they started sleeping.
    var sleepers: [Sleeper] = []
    /// Sleepers resumed by an advance whose `sleep` call has not returned yet.
    var resuming: Set<UInt64> = []
  }

  /// How many times an advance yields after a woken task has returned from `sleep`.
  private static var yieldsPerBurst: Int { 100 }
  /// Upper bound on yields spent waiting for a resumed sleeper to return from `sleep`.
  private static var resumeWaitLimit: Int { 100_000 }

  private let state: Mutex<State>

  /// The clock's current instant; it changes only when the clock is advanced or run.
  public var now: Instant {
    state.withLock { $0.now }
  }

  /// The smallest measurable step, which is zero: a test clock can be advanced by any amount.
  public var minimumResolution: Duration {
    .zero
  }

  /// The number of tasks currently suspended in ``sleep(until:tolerance:)`` on this clock.
  ///
  /// Tests use it to wait until the code under test has started sleeping before advancing.
  public var pendingSleepers: Int {
    state.withLock { $0.sleepers.count }
  }

  /// Creates a test clock whose time starts at `now` (the zero instant by default).
  ///
  /// - Parameter now: The clock's time until it is advanced.
  public init(now: Instant = .init()) {
    self.state = Mutex(State(now: now))
  }

  /// Suspends until the clock is advanced to or past `deadline`.
  ///
  /// Returns at once if `deadline` has already been reached. Throws `CancellationError` if the
  /// calling task is cancelled before or while sleeping; a cancelled sleeper is removed from the
  /// clock immediately. `tolerance` is ignored, since wake-ups happen exactly at the deadline.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored.
  public nonisolated(nonsending) func sleep(
    until deadline: Instant,
    tolerance: Duration? = nil
  ) async throws {
    try await sleep(until: deadline, isolation: #isolation)
  }

  /// The body of ``sleep(until:tolerance:)``, with the caller's actor as an explicit `isolated`
  /// parameter so that the closure below can be pinned to it.
  private func sleep(until deadline: Instant, isolation: isolated (any Actor)?) async throws {
    try Task.checkCancellation()
    let id: UInt64? = state.withLock { state in
      guard deadline > state.now else { return nil }
      defer { state.nextID += 1 }
      return state.nextID
    }
    guard let id else { return }

    try await withTaskCancellationHandler {
      // Using `isolation` isolates this closure to the caller's actor. Without it the closure
      // would run on the global executor, so a woken task would hop back to its actor (and a
      // re-sleeping task would hop away again) behind the advancing task's back.
      _ = isolation
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let outcome: Result<Void, any Error>? = state.withLock { state in
          // The cancellation flag is set before the handler runs, and the handler needs this
          // lock, so checking here under the lock cannot miss a cancellation.
          if Task.isCancelled { return .failure(CancellationError()) }
          if deadline <= state.now { return .success(()) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let sleeper: Sleeper? = state.withLock { state in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
    state.withLock { _ = $0.resuming.remove(id) }
  }

  /// Suspends until the clock has moved `duration` past the current ``now``.
  ///
  /// Equivalent to the `Clock` extension method of the same name, but like
  /// ``sleep(until:tolerance:)`` it stays on the caller's actor, which keeps wake-ups
  /// deterministic for code sharing an actor with the test (see ``TestClock``).
  ///
  /// - Parameters:
  ///   - duration: How far past ``now`` to wake.
  ///   - tolerance: Ignored.
  public nonisolated(nonsending) func sleep(
    for duration: Duration,
    tolerance: Duration? = nil
  ) async throws {
    try await sleep(until: now.advanced(by: duration), tolerance: tolerance)
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline falls in the window.
  ///
  /// Sleepers wake one at a time in deadline order, as described on ``TestClock``. Advancing by
  /// the default `.zero` just lets pending work run and wakes anything due at ``now``.
  ///
  /// - Parameter duration: How far to move the clock.
  public nonisolated(nonsending) func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline`, waking every sleeper whose deadline is at or before it.
  ///
  /// Sleepers wake one at a time in deadline order with ``now`` set to each one's deadline, and
  /// ones that sleep again within the window are woken too; see ``TestClock``. If `deadline` is
  /// before ``now``, due work still runs but the clock does not move backwards.
  ///
  /// - Parameter deadline: The instant to move the clock to.
  public nonisolated(nonsending) func advance(to deadline: Instant) async {
    await yieldBurst()
    while let id = wakeNext(dueBy: deadline) {
      await waitUntilReturned(id)
      await yieldBurst()
    }
    state.withLock { state in
      if state.now < deadline { state.now = deadline }
    }
  }

  /// Advances the clock, deadline by deadline, until no task is sleeping on it.
  ///
  /// Useful to drain all scheduled work without knowing how far ahead it lies. It does not
  /// return while code keeps scheduling new sleeps, such as a repeating timer.
  public nonisolated(nonsending) func run() async {
    while true {
      await yieldBurst()
      let earliest: Instant? = state.withLock { state in
        state.sleepers.lazy.map(\.deadline).min()
      }
      guard let earliest else { return }
      await advance(to: earliest)
    }
  }

  /// Removes and resumes the earliest sleeper due by `deadline`, setting `now` to its deadline.
  /// Returns its id, or `nil` when no sleeper is due.
  private func wakeNext(dueBy deadline: Instant) -> UInt64? {
    let sleeper: Sleeper? = state.withLock { state in
      var best: Int?
      for index in state.sleepers.indices where state.sleepers[index].deadline <= deadline {
        // Strict comparison keeps the earliest-registered sleeper among equal deadlines.
        if let current = best, state.sleepers[current].deadline <= state.sleepers[index].deadline {
          continue
        }
        best = index
      }
      guard let best else { return nil }
      let sleeper = state.sleepers.remove(at: best)
      if state.now < sleeper.deadline { state.now = sleeper.deadline }
      state.resuming.insert(sleeper.id)
      return sleeper
    }
    guard let sleeper else { return nil }
    sleeper.continuation.resume()
    return sleeper.id
  }

  /// Yields until the sleeper with `id` has returned from `sleep`, within a generous bound.
  private nonisolated(nonsending) func waitUntilReturned(_ id: UInt64) async {
    for _ in 0..<Self.resumeWaitLimit {
      guard state.withLock({ $0.resuming.contains(id) }) else { return }
      await Task.yield()
    }
  }

  private nonisolated(nonsending) func yieldBurst() async {
    for _ in 0..<Self.yieldsPerBurst {
      await Task.yield()
    }
  }
}

extension TestClock where Duration == Swift.Duration {
  /// Creates a test clock measured in `Swift.Duration`, starting at the zero instant, so tests
  /// can write `TestClock()` without spelling out the duration type.
  public convenience init() {
    self.init(now: .init())
  }
}
