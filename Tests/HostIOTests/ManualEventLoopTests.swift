import HostIO
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The test loop itself: its clock moves only when told, timers fire in deadline order,
/// descriptors are asked without waiting, signals are delivered by hand.
@MainActor @Suite struct ManualEventLoopTests {
  /// What the callbacks did, in order.
  @MainActor final class Log {
    var events: [String] = []
  }

  @Test func timersFireWhenTheClockReachesThemEarliestFirst() {
    let loop = ManualEventLoop()
    let start = loop.now
    let log = Log()
    loop.after(.milliseconds(30)) { log.events.append("30") }
    loop.after(.milliseconds(10)) { log.events.append("10a") }
    loop.after(.milliseconds(20)) {
      log.events.append("20")
      // Set by a timer, due within the same advance: it fires in it, at its own deadline.
      loop.after(.milliseconds(5)) { log.events.append("25") }
    }
    loop.after(.milliseconds(10)) { log.events.append("10b") }
    #expect(loop.run() == 0)
    #expect(loop.advance(by: .milliseconds(9)) == 0)
    #expect(log.events.isEmpty)
    #expect(loop.advance(by: .milliseconds(1)) == 2)
    #expect(log.events == ["10a", "10b"])
    #expect(loop.advance(by: .milliseconds(100)) == 3)
    #expect(log.events == ["10a", "10b", "20", "25", "30"])
    #expect(loop.pendingTimerCount == 0)
    #expect(start.duration(to: loop.now) == .milliseconds(110))
  }

  @Test func aCancelledInterestNeverRuns() {
    let loop = ManualEventLoop()
    let log = Log()
    let pair = SocketPair()
    defer { _ = (close(pair.local), close(pair.peer)) }
    let timer = loop.after(.seconds(1)) { log.events.append("timer") }
    let waiter = loop.whenReady(pair.local, .readable) { log.events.append("readable") }
    loop.cancel(timer)
    loop.cancel(waiter)
    pair.send("x")
    #expect(loop.advance(by: .seconds(2)) == 0)
    #expect(log.events.isEmpty)
  }

  @Test func aDescriptorIsAskedWithoutWaitingAndItsInterestRunsOnce() {
    let loop = ManualEventLoop()
    let log = Log()
    let pair = SocketPair()
    defer { _ = (close(pair.local), close(pair.peer)) }
    loop.whenReady(pair.local, .readable) { log.events.append("readable") }
    #expect(loop.run() == 0, "nothing to read yet")
    pair.send("x")
    #expect(loop.run() == 1)
    pair.send("y")
    #expect(loop.run() == 0, "an interest is one-shot")
    loop.whenReady(pair.local, .writable) { log.events.append("writable") }
    #expect(loop.run() == 1)
    #expect(log.events == ["readable", "writable"])
  }

  @Test func aSignalIsDeliveredByHandAndNeverCaughtForReal() {
    let loop = ManualEventLoop()
    let log = Log()
    loop.catchSignal(SIGUSR1) { log.events.append("signal \($0)") }
    #expect(loop.deliver(signal: SIGUSR1))
    #expect(!loop.deliver(signal: SIGUSR2), "no handler for it")
    #expect(log.events == ["signal \(SIGUSR1)"])
  }
}
