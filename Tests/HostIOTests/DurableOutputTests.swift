import HostIO
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// ``OutputFlusher/durability``: output waits for the save that covers it, and only for
/// that one, while the writer goes on. Each test is synchronous on the main actor, so no other
/// test's sink flushes while the hook is set.
@MainActor @Suite struct DurableOutputTests {
  /// A stand-in for the session keeper: the saves asked for, and whether the current state
  /// is saved.
  @MainActor final class Saves {
    var changes: UInt64 = 0
    var settled: UInt64 = 0
    var waitedFor = 0

    func hook(_ now: Bool) -> UInt64? {
      if now {
        waitedFor += 1
        settled = changes
        OutputFlusher.durable(through: settled)
      }
      return settled >= changes ? nil : changes
    }
  }

  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func outputWaitsForItsSaveAndLaterOutputForALaterOne() {
    let loop = ManualEventLoop()
    let pair = SocketPair()
    defer { close(pair.peer) }
    let sink = OutputSink(
      name: "peer", descriptor: pair.local, isSocket: true, closesDescriptor: true, loop: loop)
    sink.waitsForDurability = true
    defer { sink.close() }
    let saves = Saves()
    OutputFlusher.durability = { saves.hook($0) }
    defer { OutputFlusher.durability = nil }

    saves.changes = 1
    sink.write("state 1\n")
    sink.flush()
    #expect(pair.receiveAvailable().isEmpty, "shown before its save was done")
    saves.changes = 2
    sink.write("state 2\n")
    sink.flush()
    #expect(pair.receiveAvailable().isEmpty)
    #expect(sink.backlog == 16)

    saves.settled = 1
    OutputFlusher.durable(through: 1)
    #expect(text(pair.receiveAvailable()) == "state 1\n", "only what save 1 covers goes out")
    #expect(sink.backlog == 8)

    saves.settled = 2
    OutputFlusher.durable(through: 2)
    #expect(text(pair.receiveAvailable()) == "state 2\n")
    #expect(sink.backlog == 0)

    // Nothing changed since the last save: output goes out at once.
    sink.write("again\n")
    sink.flush()
    #expect(text(pair.receiveAvailable()) == "again\n")
  }

  @Test func aSinkThatNeedsNoSaveAndADrainAndAnOpenedGateWaitForNothing() {
    let loop = ManualEventLoop()
    let log = SocketPair()
    let output = SocketPair()
    defer {
      close(log.peer)
      close(output.peer)
    }
    let logSink = OutputSink(
      name: "log", descriptor: log.local, isSocket: true, closesDescriptor: true, loop: loop)
    logSink.waitsForDurability = false
    let sink = OutputSink(
      name: "out", descriptor: output.local, isSocket: true, closesDescriptor: true, loop: loop)
    sink.waitsForDurability = true
    defer {
      logSink.close()
      sink.close()
    }
    let saves = Saves()
    saves.changes = 1
    OutputFlusher.durability = { saves.hook($0) }
    defer { OutputFlusher.durability = nil }

    logSink.write("logged\n")
    logSink.flush()
    #expect(text(log.receiveAvailable()) == "logged\n", "the log is not held")

    sink.write("ending\n")
    sink.flush()
    #expect(output.receiveAvailable().isEmpty)
    sink.drain(within: 0)
    #expect(saves.waitedFor == 1, "a drain waits for the save")
    #expect(text(output.receiveAvailable()) == "ending\n")

    saves.changes = 2
    sink.write("held\n")
    sink.flush()
    #expect(output.receiveAvailable().isEmpty)
    OutputFlusher.durability = nil
    #expect(text(output.receiveAvailable()) == "held\n", "no hook, nothing held")
  }

  @Test func bytesHeldForASaveAreNotTheReadersBacklog() {
    let loop = ManualEventLoop()
    let pair = SocketPair()
    defer { close(pair.peer) }
    let sink = OutputSink(
      name: "peer", descriptor: pair.local, isSocket: true, closesDescriptor: true, loop: loop)
    sink.waitsForDurability = true
    defer { sink.close() }
    sink.backlogLimit = 64
    let saves = Saves()
    saves.changes = 1
    OutputFlusher.durability = { saves.hook($0) }
    defer { OutputFlusher.durability = nil }

    let line = String(repeating: "x", count: 99) + "\n"
    for _ in 0..<5 {
      sink.write(line)
      sink.flush()
    }
    #expect(sink.failure == nil, "a slow save is no slow reader")
    #expect(sink.backlog == 500)
    #expect(sink.readerBacklog == 0)

    saves.settled = 1
    OutputFlusher.durable(through: 1)
    #expect(pair.receiveAvailable().count == 500)
    #expect(sink.backlog == 0)
  }

  @Test func aSaveSettledWhileAFlushAsksDrainsTheSinkOnce() {
    let loop = ManualEventLoop()
    let pair = SocketPair()
    defer { close(pair.peer) }
    let sink = OutputSink(
      name: "peer", descriptor: pair.local, isSocket: true, closesDescriptor: true, loop: loop)
    sink.waitsForDurability = true
    defer { sink.close() }
    var drains = 0
    sink.onDrain = { _ in drains += 1 }
    let saves = Saves()
    saves.changes = 1
    OutputFlusher.durability = { saves.hook($0) }
    defer { OutputFlusher.durability = nil }
    sink.write("state 1\n")
    sink.flush()
    #expect(pair.receiveAvailable().isEmpty)

    // As the session keeper does: asked before a write, it finds save 1 done and settles it.
    OutputFlusher.durability = { _ in
      if saves.settled < 1 {
        saves.settled = 1
        OutputFlusher.durable(through: 1)
      }
      return nil
    }
    sink.write("state 2\n")
    sink.flush()
    #expect(text(pair.receiveAvailable()) == "state 1\nstate 2\n")
    #expect(drains == 1, "drained once, by the outer flush")
  }
}
