import Foundation
import FrontEndHost
import HostIO
import TestSupport
import Testing
import TicTacToeAppCore
import TicTacToeFrontEndABI
import UnidirectionalFlow

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
  /// A host on `loop` writing its terminal output to `terminal`, whose exit status goes to
  /// `exits`.
  private func makeHost(
    loop: ManualEventLoop, terminal: OutputSink, exits: ExitRecord = ExitRecord()
  ) -> FrontEndHost {
    let store = Store(initialState: TicTacToe.State()) { TicTacToe() }
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
    defer { [input.local, input.peer, output.local, output.peer].forEach { close($0) } }
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
    defer { [pair.local, pair.peer].forEach { close($0) } }
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
    defer { [pair.local, pair.peer].forEach { close($0) } }
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
    defer { [pair.local, pair.peer].forEach { close($0) } }
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

  @Test func anIdleCheckDueWhenItsHostGoesDoesNothing() throws {
    let loop = ManualEventLoop()
    let pair = SocketPair()
    defer { [pair.local, pair.peer].forEach { close($0) } }
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
}

/// The exit statuses a host asked for.
@MainActor
private final class ExitRecord {
  var statuses: [Int32] = []
}
