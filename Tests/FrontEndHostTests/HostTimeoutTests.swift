import FrontEndHost
import HostIO
import TestSupport
import Testing
import TicTacToeAppCore
import TicTacToeAuthenticationClient
import TicTacToeAuthenticationClientLive
import UnidirectionalFlow
import UnidirectionalFlowTesting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The host's timeouts on a ``ManualEventLoop``: the settle timeout and the last drain of a
/// stalled output run on the loop's clock, so these tests take no real time and cannot depend
/// on the machine's speed. (The process tests in `HostIOTests` check the same exits end to end.)
@MainActor @Suite struct HostTimeoutTests {
  /// What the host said and how it exited.
  @MainActor final class Outcome {
    var exitStatus: Int32?
    var diagnostics: [String] = []
  }

  /// A host on `loop` whose login request waits for `clock`, writing its terminal output to
  /// `terminalDescriptor`, with a login request in flight.
  private func hostWithALoginInFlight(
    loop: ManualEventLoop, clock: TestClock<Duration>, terminalDescriptor: Int32
  ) -> (FrontEndHost, Outcome) {
    let store = Store(initialState: TicTacToe.State()) {
      TicTacToe()
    } withDependencies: {
      $0.authenticationClient = .live(latency: .seconds(1))
      $0.continuousClock = clock
    }
    let host = FrontEndHost(
      store: store,
      searchPath: FrontEndSearchPath(executablePath: "/nonexistent", environment: [:]),
      loop: loop, settleTimeout: .seconds(10),
      terminalOutput: OutputSink(
        name: "terminal", descriptor: terminalDescriptor, isSocket: true, closesDescriptor: true,
        loop: loop))
    let outcome = Outcome()
    host.diagnostics = { outcome.diagnostics.append($0) }
    host.onExit = { outcome.exitStatus = $0 }
    store.send(.login(.view(.binding(.set(\.email, "blob@pointfree.co")))))
    store.send(.login(.view(.binding(.set(\.password, "password")))))
    store.send(.login(.view(.loginButtonTapped)))
    return (host, outcome)
  }

  @Test func aSettleTimesOutWhenTheLoopsClockReachesTheSettleTimeout() async {
    let loop = ManualEventLoop()
    let clock = TestClock()
    let pair = SocketPair()
    defer { close(pair.peer) }
    let (host, _) = hostWithALoginInFlight(loop: loop, clock: clock, terminalDescriptor: pair.local)
    let settle = Task { await host.settleEffects() }
    #expect(await yieldUntil { loop.pendingTimerCount == 1 }, "the settle set no timer")
    loop.advance(by: .milliseconds(9_999))
    #expect(loop.pendingTimerCount == 1, "the settle timed out early")
    loop.advance(by: .milliseconds(1))
    #expect(await settle.value, "the settle did not time out")
    await clock.advance(by: .seconds(1))
  }

  @Test func aSettleThatEndsInTimeLeavesNoTimer() async {
    let loop = ManualEventLoop()
    let clock = TestClock()
    let pair = SocketPair()
    defer { close(pair.peer) }
    let (host, _) = hostWithALoginInFlight(loop: loop, clock: clock, terminalDescriptor: pair.local)
    let settle = Task { await host.settleEffects() }
    #expect(await yieldUntil { loop.pendingTimerCount == 1 }, "the settle set no timer")
    await clock.advance(by: .seconds(1))
    #expect(await settle.value == false, "the settle timed out")
    #expect(loop.pendingTimerCount == 0)
  }

  @Test func aQuitWithEffectsStillRunningExitsWithStatusSixAtTheSettleTimeout() async {
    let loop = ManualEventLoop()
    let clock = TestClock()
    let pair = SocketPair()
    defer { close(pair.peer) }
    let (host, outcome) = hostWithALoginInFlight(
      loop: loop, clock: clock, terminalDescriptor: pair.local)
    host.quit()
    #expect(await yieldUntil { loop.pendingTimerCount == 1 }, "the quit's settle set no timer")
    loop.advance(by: .milliseconds(9_999))
    #expect(outcome.exitStatus == nil, "the host quit before the settle timeout")
    loop.advance(by: .milliseconds(1))
    #expect(await yieldUntil { outcome.exitStatus != nil }, "the host never exited")
    #expect(outcome.exitStatus == ExitStatus.effectsAbandoned)
    #expect(outcome.diagnostics.contains { $0.contains("1 effect: the login request") })
    await clock.advance(by: .seconds(1))
  }

  @Test func aSignalWhileNobodyReadsTheOutputExitsAfterTheLastDrainsBound() async {
    let loop = ManualEventLoop()
    let clock = TestClock()
    let pair = SocketPair()
    defer { close(pair.peer) }
    let (host, outcome) = hostWithALoginInFlight(
      loop: loop, clock: clock, terminalDescriptor: pair.local)
    // More than the socket takes: the rest waits for a reader that never comes.
    for _ in 0..<32 { host.terminalOutput.write(String(repeating: "x", count: 64 << 10)) }
    host.flushOutputs()
    #expect(host.terminalOutput.backlog > 0)
    let start = loop.now
    host.quit(.signal(SIGTERM))
    var steps = 0
    while outcome.exitStatus == nil, steps < 1000 {
      _ = await yieldUntil { loop.pendingTimerCount > 0 || outcome.exitStatus != nil }
      loop.advance(by: .milliseconds(1))
      steps += 1
    }
    #expect(outcome.exitStatus == ExitStatus.signal(SIGTERM))
    let waited = start.duration(to: loop.now)
    #expect(waited >= .milliseconds(25) && waited <= .milliseconds(30), "waited \(waited)")
    await clock.advance(by: .seconds(1))
  }
}
