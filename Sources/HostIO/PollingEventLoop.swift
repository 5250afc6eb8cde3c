import CSignalPipe

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The process's event loop: a thread that waits with `poll` for every descriptor the host
/// is interested in, and for the signals it catches, and runs what was waiting for them on the
/// store thread (``StoreThread/schedule(_:)``).
///
/// The store thread itself never waits for a descriptor. It reads and writes non-blocking
/// descriptors only (``InputSource``, ``OutputSink``), and when one would block it asks the
/// loop to call it back once the descriptor is ready. So a stalled reader, a FIFO nobody opened
/// or a silent input never keeps the store thread from a signal or a quit.
///
/// `poll` rather than `epoll` because it handles what `epoll` refuses (regular files and
/// `/dev/null` are always ready) and the host waits for a handful of descriptors at most.
public final class PollingEventLoop: EventLoop {
  /// The loop of this process, started on first use: there is one, because the signal pipe it
  /// waits on is the process's. The `tictactoe` executable (and a test or a benchmark that
  /// makes a host) passes it to what waits.
  public static let shared = PollingEventLoop()

  private let registry = Lock(EventRegistry())
  /// A pipe that wakes `poll` when the set of interests changed: `poll` waits on its read end.
  private let wakeDescriptor: Int32
  private let wakeWriteDescriptor: Int32
  /// The read end of the signal pipe (see `signal_pipe.h`).
  private let signalDescriptor: Int32

  private init() {
    var ends: [Int32] = [-1, -1]
    precondition(pipe(&ends) == 0, "cannot make the event loop's pipe")
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    wakeDescriptor = ends[0]
    wakeWriteDescriptor = ends[1]
    signalDescriptor = signal_pipe_open()
    let box = Unmanaged.passRetained(LoopBox(self)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
      &thread, nil,
      { argument in
        let box = Unmanaged<LoopBox>.fromOpaque(argument!).takeRetainedValue()
        box.loop.run()
        return nil
      }, box)
    precondition(status == 0, "cannot start the event loop's thread: \(status)")
    pthread_detach(thread)
  }

  /// The continuous clock's now.
  public var now: ContinuousClock.Instant { ContinuousClock.now }

  /// Calls `handler` on the store thread once `poll` finds `descriptor` ready for `readiness`.
  @discardableResult
  public func whenReady(
    _ descriptor: Int32, _ readiness: EventLoopReadiness, _ handler: @escaping EventLoopHandler
  ) -> EventLoopInterest {
    let interest = registry.withLock { $0.add(descriptor, readiness, handler) }
    wake()
    return interest
  }

  /// Calls `handler` on the store thread once `delay` has passed.
  ///
  /// The loop's own `poll` timeout keeps the time, not a dispatch timer: libdispatch needs a
  /// descriptor for its first timer and traps when none is left, which is exactly when the
  /// socket listener waits to try `accept` again.
  @discardableResult
  public func after(_ delay: Duration, _ handler: @escaping EventLoopHandler) -> EventLoopInterest {
    let deadline = ContinuousClock.now.advanced(by: delay)
    let interest = registry.withLock { $0.add(deadline: deadline, handler) }
    wake()
    return interest
  }

  /// Forgets `interest` if its callback has not been scheduled yet.
  ///
  /// Wakes the loop, so that `poll` lets go of the descriptor: a socket closed while `poll`
  /// still watched it would stay open (its peer seeing no end) until `poll` returned.
  public func cancel(_ interest: EventLoopInterest) {
    if registry.withLock({ $0.remove(interest) }) { wake() }
  }

  /// Catches `signalNumber` through the signal pipe; `handler` runs on the store thread.
  public func catchSignal(
    _ signalNumber: Int32, _ handler: @escaping @MainActor @Sendable (Int32) -> Void
  ) {
    registry.withLock { $0.catchSignal(signalNumber, handler) }
    _ = signal_pipe_catch(signalNumber)
  }

  /// `poll`'s timeout in milliseconds: -1 (none) without a timer, else rounded up so that a
  /// timer never wakes the loop a moment early and spins.
  private static func timeout(until deadline: ContinuousClock.Instant?) -> Int32 {
    guard let deadline else { return -1 }
    let left = ContinuousClock.now.duration(to: deadline)
    guard left > .zero else { return 0 }
    let (seconds, attoseconds) = left.components
    let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: milliseconds)
  }

  private func wake() {
    // A full pipe is fine: the loop is awake already.
    var byte: UInt8 = 1
    _ = write(wakeWriteDescriptor, &byte, 1)
  }

  private func run() {
    var descriptors: [pollfd] = []
    var interests: [EventLoopInterest] = []
    var signalBytes = [UInt8](repeating: 0, count: 64)
    while true {
      descriptors.removeAll(keepingCapacity: true)
      interests.removeAll(keepingCapacity: true)
      descriptors.append(pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0))
      descriptors.append(pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0))
      let nextDeadline = registry.withLock { registry in
        registry.appendPollDescriptors(to: &descriptors, interests: &interests)
        return registry.nextDeadline
      }
      let readyCount = poll(
        &descriptors, nfds_t(descriptors.count), Self.timeout(until: nextDeadline))
      if nextDeadline != nil {
        let now = ContinuousClock.now
        for handler in registry.withLock({ $0.takeTimers(dueAt: now) }) {
          StoreThread.schedule(handler)
        }
      }
      guard readyCount > 0 else { continue }
      if descriptors[0].revents != 0 {
        var bytes = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        _ = read(wakeDescriptor, &bytes, MemoryLayout.size(ofValue: bytes))
      }
      if descriptors[1].revents != 0 {
        let count = signalBytes.withUnsafeMutableBytes {
          read(signalDescriptor, $0.baseAddress, $0.count)
        }
        if count > 0 {
          // Each signal once per wake-up, in the order first caught.
          var seen: [Int32] = []
          for byte in signalBytes[..<count] where !seen.contains(Int32(byte)) {
            seen.append(Int32(byte))
          }
          let handlers = registry.withLock { registry in
            seen.compactMap { number in registry.signalHandler(number).map { (number, $0) } }
          }
          for (number, handler) in handlers {
            StoreThread.schedule { handler(number) }
          }
        }
      }
      let ready = registry.withLock { $0.takeReady(descriptors[2...], interests: interests) }
      for handler in ready { StoreThread.schedule(handler) }
    }
  }
}

/// Carries the loop into its thread's C entry point.
private final class LoopBox {
  let loop: PollingEventLoop
  init(_ loop: PollingEventLoop) { self.loop = loop }
}
