/// The hand-written baseline of an effect round trip: a task that hops to the main actor to
/// deliver its response, then back to finish.
@MainActor
final class ManualRoundTrip {
  /// The number of responses delivered.
  private(set) var responses = 0

  /// Starts the task that delivers one response.
  @inline(never)
  func start() -> Task<Void, Never> {
    Task.detached { await self.receive() }
  }

  /// Delivers a response on the main actor.
  @inline(never)
  func receive() {
    responses &+= 1
  }
}
