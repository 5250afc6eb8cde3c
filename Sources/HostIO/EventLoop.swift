import CSignalPipe
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The process's one event loop: a thread that waits with `poll` for every descriptor the host
/// is interested in, and for the signals it catches, and runs what was waiting for them on the
/// main queue, the store thread.
///
/// The store thread itself never waits for a descriptor. It reads and writes non-blocking
/// descriptors only (``InputSource``, ``OutputSink``), and when one would block it asks the
/// loop to call it back once the descriptor is ready. So a stalled reader, a FIFO nobody opened
/// or a silent input never keeps the store thread from a signal or a quit.
///
/// ```swift
/// EventLoop.shared.whenReady(descriptor, .readable) { source.readAvailable() }
/// EventLoop.shared.catchSignal(SIGTERM) { number in host.quit(signal: number) }
/// ```
///
/// Interests are one-shot: a callback runs once, and registers again if it wants more. `poll`
/// rather than `epoll` because it handles what `epoll` refuses (regular files and `/dev/null`
/// are always ready) and the host waits for a handful of descriptors at most.
public final class EventLoop: Sendable {
  /// The loop of this process, started on first use.
  public static let shared = EventLoop()

  /// What to wait for.
  public enum Readiness: Sendable {
    /// Bytes (or the end, or an error) to read.
    case readable
    /// Room to write (or an error).
    case writable
  }

  /// Identifies a registered interest, to cancel it.
  public struct Interest: Hashable, Sendable {
    fileprivate let id: UInt64
  }

  /// A callback run on the store thread.
  public typealias Handler = @MainActor @Sendable () -> Void

  private struct Waiter {
    let descriptor: Int32
    let readiness: Readiness
    let handler: Handler
  }

  private struct Timer {
    let deadline: ContinuousClock.Instant
    let handler: Handler
  }

  private struct Registry {
    var waiters: [UInt64: Waiter] = [:]
    var timers: [UInt64: Timer] = [:]
    var nextID: UInt64 = 1
    var signalHandlers: [Int32: @MainActor @Sendable (Int32) -> Void] = [:]
  }

  private let registry = Lock(Registry())
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

  /// Calls `handler` on the store thread once `descriptor` is ready for `readiness` (or has an
  /// error or a hang-up, which the handler then meets when it reads or writes).
  @discardableResult
  public func whenReady(
    _ descriptor: Int32, _ readiness: Readiness, _ handler: @escaping Handler
  ) -> Interest {
    let id = registry.withLock { registry in
      let id = registry.nextID
      registry.nextID += 1
      registry.waiters[id] = Waiter(descriptor: descriptor, readiness: readiness, handler: handler)
      return id
    }
    wake()
    return Interest(id: id)
  }

  /// Calls `handler` on the store thread once `delay` has passed.
  ///
  /// The loop's own `poll` timeout keeps the time, not a dispatch timer: libdispatch needs a
  /// descriptor for its first timer and traps when none is left, which is exactly when the
  /// socket listener waits to try `accept` again.
  @discardableResult
  public func after(_ delay: Duration, _ handler: @escaping Handler) -> Interest {
    let deadline = ContinuousClock.now.advanced(by: delay)
    let id = registry.withLock { registry in
      let id = registry.nextID
      registry.nextID += 1
      registry.timers[id] = Timer(deadline: deadline, handler: handler)
      return id
    }
    wake()
    return Interest(id: id)
  }

  /// Forgets `interest` if its callback has not been scheduled yet.
  ///
  /// Wakes the loop, so that `poll` lets go of the descriptor: a socket closed while `poll`
  /// still watched it would stay open (its peer seeing no end) until `poll` returned.
  public func cancel(_ interest: Interest) {
    let removed = registry.withLock { registry in
      registry.waiters.removeValue(forKey: interest.id) != nil
        || registry.timers.removeValue(forKey: interest.id) != nil
    }
    if removed { wake() }
  }

  /// Catches `signalNumber` from now on and calls `handler` with it on the store thread for
  /// every delivery (several deliveries while the loop is busy may be reported once).
  public func catchSignal(
    _ signalNumber: Int32, _ handler: @escaping @MainActor @Sendable (Int32) -> Void
  ) {
    registry.withLock { $0.signalHandlers[signalNumber] = handler }
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

  private func runExpiredTimers() {
    let now = ContinuousClock.now
    let expired: [Handler] = registry.withLock { registry in
      let due = registry.timers.filter { $0.value.deadline <= now }.sorted {
        $0.value.deadline < $1.value.deadline
      }
      for (id, _) in due { registry.timers.removeValue(forKey: id) }
      return due.map(\.value.handler)
    }
    for handler in expired {
      DispatchQueue.main.async { MainActor.assumeIsolated { handler() } }
    }
  }

  private func wake() {
    // A full pipe is fine: the loop is awake already.
    var byte: UInt8 = 1
    _ = write(wakeWriteDescriptor, &byte, 1)
  }

  private func run() {
    var descriptors: [pollfd] = []
    var ids: [UInt64] = []
    var signalBytes = [UInt8](repeating: 0, count: 64)
    while true {
      descriptors.removeAll(keepingCapacity: true)
      ids.removeAll(keepingCapacity: true)
      descriptors.append(pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0))
      descriptors.append(pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0))
      let nextDeadline = registry.withLock { registry in
        for (id, waiter) in registry.waiters {
          let events = waiter.readiness == .readable ? POLLIN : POLLOUT
          descriptors.append(pollfd(fd: waiter.descriptor, events: Int16(events), revents: 0))
          ids.append(id)
        }
        return registry.timers.values.map(\.deadline).min()
      }
      let readyCount = poll(
        &descriptors, nfds_t(descriptors.count), Self.timeout(until: nextDeadline))
      if nextDeadline != nil { runExpiredTimers() }
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
            seen.compactMap { number in registry.signalHandlers[number].map { (number, $0) } }
          }
          for (number, handler) in handlers {
            DispatchQueue.main.async { MainActor.assumeIsolated { handler(number) } }
          }
        }
      }
      let ready: [Handler] = registry.withLock { registry in
        var ready: [Handler] = []
        for index in 2..<descriptors.count where descriptors[index].revents != 0 {
          if let waiter = registry.waiters.removeValue(forKey: ids[index - 2]) {
            ready.append(waiter.handler)
          }
        }
        return ready
      }
      for handler in ready {
        DispatchQueue.main.async { MainActor.assumeIsolated { handler() } }
      }
    }
  }
}

/// Carries the loop into its thread's C entry point.
private final class LoopBox {
  let loop: EventLoop
  init(_ loop: EventLoop) { self.loop = loop }
}
