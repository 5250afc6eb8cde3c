import Dispatch

/// The store thread: the main queue, served by the main thread, where the store, the main
/// actor and every front-end callback run.
///
/// Everything the host hands to the store thread goes through ``schedule(_:)``: what the
/// ``PollingEventLoop`` saw (a ready descriptor, a timer, a signal), the flush at the end of a
/// turn (``OutputFlusher``), calls front ends made from other threads, requests carried out
/// after a callback, the session file's save. One function because:
///
/// - Ordering: jobs run one at a time, in the order they were scheduled, whoever scheduled
///   them. Work scheduled while a job runs waits behind the work already queued, so an event
///   never overtakes the flush or the request queued before it.
/// - One place to change: which thread runs the store, or counting the hops, is decided here
///   and nowhere else.
///
/// Async work that the store thread starts for itself (settling effects, quitting, a paced
/// replay) runs as a main-actor `Task`: the main actor's executor is this same main queue, so
/// its steps take their turns in the same order. Such a task is started on the store thread,
/// never used to reach it.
public enum StoreThread {
  /// Work for the store thread.
  public typealias Job = @MainActor @Sendable () -> Void

  /// Runs `job` on the store thread, after everything scheduled there before it. [thread-safe]
  public static func schedule(_ job: @escaping Job) {
    DispatchQueue.main.async { MainActor.assumeIsolated(job) }
  }
}
