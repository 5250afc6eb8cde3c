import Foundation
import FrontEndHost
import HostIO
import TestSupport
import Testing
import TicTacToeAppCore
import TicTacToeAuthenticationClient
import TicTacToeAuthenticationClientLive
import TicTacToeFrontEndABI
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// What a host wires up can outlive it: the input source and the terminal output its maker
/// passed in, a quit or a request still under way on the store thread, a timer on the event
/// loop. Each then finds the host gone and does nothing more for it, instead of reading a
/// freed host (before, each of these ended the process: "Attempted to read an unowned
/// reference but object … was already destroyed").
///
/// Each test drops its host with no front end attached (an attached front end holds its host)
/// and then lets what outlived it run: on a ``ManualEventLoop``, so nothing waits for real time.
@MainActor
@Suite struct HostTeardownTests {
  /// A host around `store` on `loop`, writing its terminal output to `terminal`, whose exit
  /// status goes to `exits`.
  private func makeHost(
    loop: ManualEventLoop, terminal: OutputSink, exits: ExitRecord = ExitRecord(),
    store: Store<TicTacToe.State, TicTacToe.Action> = Store(initialState: TicTacToe.State()) {
      TicTacToe()
    }
  ) -> FrontEndHost {
    let host = FrontEndHost(
      store: store,
      searchPath: FrontEndSearchPath(
        executablePath: Fixtures.binDirectory.appendingPathComponent("tictactoe").path,
        environment: [:]),
      loop: loop, terminalOutput: terminal)
    host.diagnostics = { _ in }
    host.onExit = { exits.statuses.append($0) }
    return host
  }

  private func sink(on descriptor: Int32, loop: ManualEventLoop) -> OutputSink {
    OutputSink(
      name: "terminal", descriptor: descriptor, isSocket: true, closesDescriptor: false,
      loop: loop)
  }

  @Test func anInputSourceThatOutlivesItsHostReadsIntoNothing() {
    let loop = ManualEventLoop()
    let input = SocketPair()
    let output = SocketPair()
    defer { closeAll(input.local, input.peer, output.local, output.peer) }
    let source = InputSource(socket: input.local, name: "input", loop: loop)
    weak var weakHost: FrontEndHost?
    do {
      let host = makeHost(loop: loop, terminal: sink(on: output.local, loop: loop))
      weakHost = host
      host.readInput(from: source)
    }
    #expect(weakHost == nil)
    input.send(#"{"action":"login.view.binding.email","value":"late@example.com"}"# + "\n")
    #expect(loop.run() == 1, "the read waiting when the host went runs, and reads")
  }

  @Test func aTerminalOutputThatOutlivesItsHostStillWrites() throws {
    let loop = ManualEventLoop()
    let pair = SocketPair()
    defer { closeAll(pair.local, pair.peer) }
    let terminal = sink(on: pair.local, loop: loop)
    weak var weakHost: FrontEndHost?
    do {
      let host = makeHost(loop: loop, terminal: terminal)
      weakHost = host
    }
    #expect(weakHost == nil)
    // Written out in full, the sink tells its drain to the host that wired it.
    #expect(terminal.write("after the host\n"))
    terminal.flush()
    #expect(terminal.backlog == 0)
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = read(pair.peer, &bytes, bytes.count)
    #expect(String(decoding: bytes[..<max(count, 0)], as: UTF8.self) == "after the host\n")
  }

  @Test func aQuitUnderWayWhenItsHostGoesStillExits() async {
    let loop = ManualEventLoop()
    let pair = SocketPair()
    defer { closeAll(pair.local, pair.peer) }
    let exits = ExitRecord()
    weak var weakHost: FrontEndHost?
    do {
      let host = makeHost(loop: loop, terminal: sink(on: pair.local, loop: loop), exits: exits)
      weakHost = host
      host.quit()
    }
    #expect(weakHost == nil)
    // The quit's settle (no effect in flight) and its end, on the store thread.
    #expect(await yield(until: { exits.statuses == [ExitStatus.success] }))
  }

  @Test func aRequestQueuedWhenItsHostGoesIsDropped() async throws {
    let loop = ManualEventLoop()
    let pair = SocketPair()
    defer { closeAll(pair.local, pair.peer) }
    let probe = try await Probe()
    weak var weakHost: FrontEndHost?
    do {
      let host = makeHost(loop: loop, terminal: sink(on: pair.local, loop: loop))
      weakHost = host
      let session = try host.attach(FrontEndSpec(probe.path), ownsTerminal: true).get()
      // A switch is carried out after the call that asked, on the store thread; its front
      // end is detached before that (a detach keeps a switch queued: it is what detaches).
      #expect(probe.request(TTT_REQUEST_SWITCH, "text") == TTT_OK)
      host.detach(session)
    }
    #expect(weakHost == nil)
    await drainMainActor()
    #expect(probe.request(TTT_REQUEST_QUIT, "") == TTT_ERR_DETACHED)
  }

  @Test func aSettleThatEndsAfterItsHostWentHandsNoInputOver() async throws {
    let loop = ManualEventLoop()
    let pair = SocketPair()
    defer { closeAll(pair.local, pair.peer) }
    let probe = try await Probe()
    weak var weakHost: FrontEndHost?
    do {
      // A login whose server answers a second later on a test clock nobody advances: the
      // settle lasts until the loop's clock reaches the settle timeout.
      let store = Store(initialState: TicTacToe.State()) {
        TicTacToe()
      } withDependencies: {
        $0.authenticationClient = .live(latency: .seconds(1))
        $0.continuousClock = TestClock()
      }
      let host = makeHost(loop: loop, terminal: sink(on: pair.local, loop: loop), store: store)
      weakHost = host
      store.send(.login(.view(.binding(.set(\.email, "blob@pointfree.co")))))
      store.send(.login(.view(.binding(.set(\.password, "password")))))
      store.send(.login(.view(.loginButtonTapped)))
      let session = try host.attach(FrontEndSpec(probe.path), ownsTerminal: true).get()
      #expect(probe.request(TTT_REQUEST_SETTLE, "") == TTT_OK)
      // The settle waits for the loop's clock to reach the settle timeout.
      #expect(await yield(until: { loop.pendingTimerCount == 1 }))
      // Input waits behind the settle; the owner goes, then the host.
      host.deliverInput(Array("x".utf8))
      host.detach(session)
    }
    #expect(weakHost == nil)
    #expect(loop.advance(by: .seconds(10)) == 1)
    // The settle's end, a few hops later (the sleep's task, the settle's task), finds no host:
    // nothing to observe but that the process goes on.
    for _ in 0..<100 { await Task.yield() }
    #expect(loop.pendingTimerCount == 0)
  }

  @Test func anIdleCheckDueWhenItsHostGoesDoesNothing() throws {
    let loop = ManualEventLoop()
    let pair = SocketPair()
    defer { closeAll(pair.local, pair.peer) }
    let jsonl = try Fixtures.stockFrontEnd("jsonl")
    weak var weakHost: FrontEndHost?
    do {
      let host = makeHost(loop: loop, terminal: sink(on: pair.local, loop: loop))
      weakHost = host
      _ = try host.attach(FrontEndSpec(jsonl), ownsTerminal: true).get()
      // Half a line: the owner leaves it, and the host tells it once the input is idle.
      host.deliverInput(Array(#"{"action":"login.view"#.utf8))
      #expect(loop.pendingTimerCount == 1)
      host.detachAll()
    }
    #expect(weakHost == nil)
    #expect(loop.advance(by: .seconds(1)) <= 1)
    #expect(loop.pendingTimerCount == 0)
  }
  /// What `benchmarks host` (Host.Action.64Clients) does: socket clients read nothing while
  /// states flow, so their outputs back up, and the code that made the host lets go of it with
  /// the clients still attached. The clients hold the host; once they read again, their
  /// sockets' callbacks hand their input over through it. (Before attached front ends held
  /// their host, that hand-over read the freed host's terminal: the crash seen once under load.)
  @Test func socketClientsAttachedWhenTheirHostsMakerLetsGoKeepTheirHost() throws {
    let loop = ManualEventLoop()
    let terminal = SocketPair()
    defer { closeAll(terminal.local, terminal.peer) }
    let jsonl = try Fixtures.stockFrontEnd("jsonl")
    var peers: [Int32] = []
    defer { closeAll(peers) }
    weak var weakHost: FrontEndHost?
    do {
      let host = makeHost(loop: loop, terminal: sink(on: terminal.local, loop: loop))
      weakHost = host
      for _ in 0..<4 {
        let pair = SocketPair()
        host.serve(connection: pair.local, frontEnd: FrontEndSpec(jsonl))
        peers.append(pair.peer)
      }
      for index in 0..<1_500 {
        host.store.send(.login(.view(.binding(.set(\.email, "player\(index)@example.com")))))
        host.flushOutputs()
      }
    }
    let host = try #require(weakHost)
    #expect(host.connectionCount == 4)
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    for peer in peers { while read(peer, &buffer, buffer.count) > 0 {} }
    #expect(loop.run() >= 4, "each client's socket had room again")
    host.detachAll()
    #expect(host.connectionCount == 0)
  }
}

/// Closes every descriptor of `descriptors`.
private func closeAll(_ descriptors: Int32...) { closeAll(descriptors) }

private func closeAll(_ descriptors: [Int32]) {
  for descriptor in descriptors { close(descriptor) }
}

/// The exit statuses a host asked for.
@MainActor
private final class ExitRecord {
  var statuses: [Int32] = []
}
