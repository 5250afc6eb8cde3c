import HostIO
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// ``InputSource`` on a real socket, driven by a ``ManualEventLoop``: it reads only when asked,
/// one read per request, and reports the end.
@MainActor @Suite struct InputSourceTests {
  /// What the source handed over.
  @MainActor final class Reads {
    var results: [String] = []
  }

  private func source(
    on pair: SocketPair, loop: ManualEventLoop
  ) -> (InputSource, Reads) {
    let source = InputSource(socket: pair.local, name: "peer", loop: loop)
    let reads = Reads()
    source.onRead = { result in
      switch result {
      case .bytes(let bytes): reads.results.append(String(decoding: bytes, as: UTF8.self))
      case .end: reads.results.append("end")
      case .failure(let message): reads.results.append("failure: \(message)")
      }
    }
    return (source, reads)
  }

  @Test func readsOnlyWhenAskedAndOnceARequest() {
    let loop = ManualEventLoop()
    let pair = SocketPair()
    defer { _ = (close(pair.local), close(pair.peer)) }
    let (source, reads) = source(on: pair, loop: loop)
    pair.send("hello")
    #expect(loop.run() == 0, "no read was asked for")
    source.requestRead()
    source.requestRead()
    #expect(loop.run() == 1, "a second request while one is pending adds nothing")
    #expect(reads.results == ["hello"])
    pair.send("more")
    #expect(loop.run() == 0)
    source.requestRead()
    loop.run()
    #expect(reads.results == ["hello", "more"])
  }

  @Test func aRequestBeforeTheBytesWaitsForThem() {
    let loop = ManualEventLoop()
    let pair = SocketPair()
    defer { _ = (close(pair.local), close(pair.peer)) }
    let (source, reads) = source(on: pair, loop: loop)
    source.requestRead()
    #expect(loop.run() == 0)
    pair.send("late")
    loop.run()
    #expect(reads.results == ["late"])
  }

  @Test func thePeerClosingIsTheEndAndNothingIsReadAfterIt() {
    let loop = ManualEventLoop()
    let pair = SocketPair()
    defer { close(pair.local) }
    let (source, reads) = source(on: pair, loop: loop)
    close(pair.peer)
    source.requestRead()
    loop.run()
    source.requestRead()
    #expect(loop.run() == 0)
    #expect(reads.results == ["end"])
  }

  @Test func aCancelledReadReadsNothing() {
    let loop = ManualEventLoop()
    let pair = SocketPair()
    defer { _ = (close(pair.local), close(pair.peer)) }
    let (source, reads) = source(on: pair, loop: loop)
    source.requestRead()
    source.cancel()
    pair.send("unread")
    #expect(loop.run() == 0)
    #expect(reads.results.isEmpty)
    source.requestRead()
    loop.run()
    #expect(reads.results == ["unread"], "the bytes waited in the socket")
  }
}
