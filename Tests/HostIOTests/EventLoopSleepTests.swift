import HostIO
import TestSupport
import Testing

/// ``EventLoop/sleep(for:)`` on a ``ManualEventLoop``: a sleep ends when the loop's clock
/// reaches it, or when its task is cancelled, and leaves no timer behind.
@MainActor @Suite struct EventLoopSleepTests {
  @Test func aSleepEndsWhenTheLoopsClockReachesItsDelay() async {
    let loop = ManualEventLoop()
    let sleeper = Task { @MainActor in await loop.sleep(for: .seconds(5)) }
    #expect(await yieldUntil { loop.pendingTimerCount == 1 }, "the sleep never set its timer")
    loop.advance(by: .milliseconds(4_999))
    #expect(loop.pendingTimerCount == 1, "the sleep ended early")
    loop.advance(by: .milliseconds(1))
    #expect(loop.pendingTimerCount == 0)
    await sleeper.value
  }

  @Test func aCancelledSleepEndsAtOnceAndCancelsItsTimer() async {
    let loop = ManualEventLoop()
    let sleeper = Task { @MainActor in await loop.sleep(for: .seconds(3600)) }
    #expect(await yieldUntil { loop.pendingTimerCount == 1 }, "the sleep never set its timer")
    sleeper.cancel()
    await sleeper.value
    #expect(loop.pendingTimerCount == 0)
  }

  @Test func aSleepInACancelledTaskSetsNoTimer() async {
    let loop = ManualEventLoop()
    let sleeper = Task { @MainActor in
      withUnsafeCurrentTask { $0?.cancel() }
      await loop.sleep(for: .seconds(3600))
    }
    await sleeper.value
    #expect(loop.pendingTimerCount == 0)
  }
}
