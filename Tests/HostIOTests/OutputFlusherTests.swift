import Dispatch
import HostIO
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// ``OutputFlusher``'s flush at the end of the store thread's turn: what is written after a
/// direct ``OutputFlusher/flushAll()`` goes out with the flush queued already, and a write
/// after that flush ran queues another.
@MainActor @Suite struct OutputFlusherTests {
  /// Lets the main queue run everything queued on it so far.
  private func nextTurn() async {
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
  }

  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func writesAfterADirectFlushGoOutAtTheEndOfTheTurnAndLaterOnesAtTheEndOfTheirs() async {
    let pair = SocketPair()
    defer { close(pair.peer) }
    let sink = OutputSink(
      name: "peer", descriptor: pair.local, isSocket: true, closesDescriptor: true,
      loop: ManualEventLoop())
    defer { sink.close() }

    sink.write("a\n")
    OutputFlusher.flushAll()
    #expect(text(pair.receiveAvailable()) == "a\n")
    sink.write("b\n")
    #expect(pair.receiveAvailable().isEmpty, "written before the turn ended")
    await nextTurn()
    #expect(text(pair.receiveAvailable()) == "b\n")
    sink.write("c\n")
    #expect(pair.receiveAvailable().isEmpty, "written before the turn ended")
    await nextTurn()
    #expect(text(pair.receiveAvailable()) == "c\n")
  }
}
