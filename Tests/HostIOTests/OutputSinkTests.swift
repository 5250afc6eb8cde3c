import HostIO
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// ``OutputSink`` backpressure on a real socket, driven by a ``ManualEventLoop``: a full socket
/// makes the sink keep the rest and wait for room, never block; room lets it go on; a reader
/// that stops past the limit, or leaves, fails the sink once.
@MainActor @Suite struct OutputSinkTests {
  /// What the sink reported.
  @MainActor final class Reports {
    var drains = 0
    var failures: [OutputSink.Failure] = []
  }

  private func sink(on pair: SocketPair, loop: ManualEventLoop) -> (OutputSink, Reports) {
    let sink = OutputSink(
      name: "peer", descriptor: pair.local, isSocket: true, closesDescriptor: true, loop: loop)
    let reports = Reports()
    sink.onDrain = { _ in reports.drains += 1 }
    sink.onFailure = { _, failure in reports.failures.append(failure) }
    return (sink, reports)
  }

  /// 2 MiB of numbered lines: more than a socket takes at once.
  private static let lines = (0..<100_000).map { "line \($0)\n" }.joined()

  @Test func aFullSocketMakesTheSinkWaitForRoomAndLoseNothing() {
    let loop = ManualEventLoop()
    let pair = SocketPair()
    defer { close(pair.peer) }
    let (sink, reports) = sink(on: pair, loop: loop)
    defer { sink.close() }
    for line in Self.lines.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      #expect(sink.write(line + "\n"), "the sink failed")
    }
    sink.flush()
    #expect(sink.backlog > 0, "the socket took everything: the test needs more bytes")
    #expect(loop.run() == 0, "no room while the peer does not read")
    // Drains while the socket still took everything do not count.
    reports.drains = 0
    var received: [UInt8] = []
    var turns = 0
    while sink.backlog > 0, turns < 10_000 {
      received += pair.receiveAvailable()
      loop.run()
      turns += 1
    }
    received += pair.receiveAvailable()
    #expect(sink.backlog == 0)
    #expect(received == Array(Self.lines.utf8))
    #expect(reports.drains == 1)
    #expect(reports.failures.isEmpty)
  }

  @Test func aReaderThatStopsReadingPastTheLimitFailsTheSinkOnce() {
    let loop = ManualEventLoop()
    let pair = SocketPair()
    defer { close(pair.peer) }
    let (sink, reports) = sink(on: pair, loop: loop)
    defer { sink.close() }
    sink.backlogLimit = 256 << 10
    var accepted = true
    for _ in 0..<64 where accepted {
      accepted = sink.write(String(repeating: "x", count: 64 << 10))
    }
    #expect(!accepted)
    #expect(reports.failures.count == 1)
    #expect(reports.failures.first?.description.hasPrefix("its reader stopped reading") == true)
    #expect(!sink.write("more"), "a failed sink drops what comes after")
    #expect(reports.failures.count == 1)
    #expect(loop.run() == 0, "a failed sink waits for nothing")
  }

  @Test func aPeerThatLeftIsABrokenPipe() {
    let loop = ManualEventLoop()
    let pair = SocketPair()
    let (sink, reports) = sink(on: pair, loop: loop)
    defer { sink.close() }
    close(pair.peer)
    sink.write("nobody reads this\n")
    sink.flush()
    #expect(reports.failures.map(\.code) == [EPIPE])
    #expect(sink.failure?.code == EPIPE)
  }
}
