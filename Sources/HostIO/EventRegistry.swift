#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The interests an ``EventLoop`` keeps: the descriptors waited for, the timers and the signal
/// handlers; what the polling loop and the manual one share, so that both take and order
/// callbacks the same way.
struct EventRegistry {
  private struct Waiter {
    let descriptor: Int32
    let readiness: EventLoopReadiness
    let handler: EventLoopHandler
  }

  private struct Timer {
    let deadline: ContinuousClock.Instant
    let handler: EventLoopHandler
  }

  private var waiters: [UInt64: Waiter] = [:]
  private var timers: [UInt64: Timer] = [:]
  private var nextID: UInt64 = 1
  private var signalHandlers: [Int32: @MainActor @Sendable (Int32) -> Void] = [:]

  /// Waits for `descriptor`.
  mutating func add(
    _ descriptor: Int32, _ readiness: EventLoopReadiness, _ handler: @escaping EventLoopHandler
  ) -> EventLoopInterest {
    defer { nextID += 1 }
    waiters[nextID] = Waiter(descriptor: descriptor, readiness: readiness, handler: handler)
    return EventLoopInterest(id: nextID)
  }

  /// Waits until `deadline`.
  mutating func add(
    deadline: ContinuousClock.Instant, _ handler: @escaping EventLoopHandler
  ) -> EventLoopInterest {
    defer { nextID += 1 }
    timers[nextID] = Timer(deadline: deadline, handler: handler)
    return EventLoopInterest(id: nextID)
  }

  /// Forgets `interest`; returns whether it was still waiting.
  mutating func remove(_ interest: EventLoopInterest) -> Bool {
    waiters.removeValue(forKey: interest.id) != nil
      || timers.removeValue(forKey: interest.id) != nil
  }

  /// Calls `handler` for every delivery of `signalNumber`.
  mutating func catchSignal(
    _ signalNumber: Int32, _ handler: @escaping @MainActor @Sendable (Int32) -> Void
  ) {
    signalHandlers[signalNumber] = handler
  }

  /// The handler of `signalNumber`, if it is caught.
  func signalHandler(_ signalNumber: Int32) -> (@MainActor @Sendable (Int32) -> Void)? {
    signalHandlers[signalNumber]
  }

  /// The earliest deadline of a timer, if any.
  var nextDeadline: ContinuousClock.Instant? { timers.values.map(\.deadline).min() }

  /// How many timers wait.
  var timerCount: Int { timers.count }

  /// Takes out the timers due at `now`, earliest first (in registration order for equal
  /// deadlines).
  mutating func takeTimers(dueAt now: ContinuousClock.Instant) -> [EventLoopHandler] {
    let due = timers.filter { $0.value.deadline <= now }.sorted {
      ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key)
    }
    for (id, _) in due { timers.removeValue(forKey: id) }
    return due.map(\.value.handler)
  }

  /// Appends a `pollfd` for every waiting descriptor to `descriptors`, and its interest to
  /// `interests`, in no particular order (the polling loop builds this list at every wake-up:
  /// no sort there).
  func appendPollDescriptors(to descriptors: inout [pollfd], interests: inout [EventLoopInterest]) {
    for (id, waiter) in waiters {
      let events = waiter.readiness == .readable ? POLLIN : POLLOUT
      descriptors.append(pollfd(fd: waiter.descriptor, events: Int16(events), revents: 0))
      interests.append(EventLoopInterest(id: id))
    }
  }

  /// Takes out the waiters of `interests` whose `pollfd` (at the same index of `descriptors`)
  /// reported an event; waiters cancelled since are skipped.
  mutating func takeReady(
    _ descriptors: ArraySlice<pollfd>, interests: [EventLoopInterest]
  ) -> [EventLoopHandler] {
    var ready: [EventLoopHandler] = []
    for (descriptor, interest) in zip(descriptors, interests) where descriptor.revents != 0 {
      if let waiter = waiters.removeValue(forKey: interest.id) { ready.append(waiter.handler) }
    }
    return ready
  }
}
