import Dispatch

/// Tells, without trapping, whether synchronous code runs on the main actor: a test store's
/// deinitializer runs wherever its last reference is released.
///
/// The main actor runs its jobs on the main dispatch queue, which is not always drained by the
/// main thread (a test runner that called `dispatchMain()` has it drained by a worker thread),
/// so the queue is marked, and the mark is looked for.
enum MainActorCheck {
  private static let key = DispatchSpecificKey<Bool>()

  /// Marks the main queue; called on the main actor before the first check.
  @MainActor static let markMainQueue: Void = {
    DispatchQueue.main.setSpecific(key: key, value: true)
  }()

  /// Whether the caller runs on the main queue, so on the main actor.
  static var isOnMainActor: Bool { DispatchQueue.getSpecific(key: key) == true }
}
