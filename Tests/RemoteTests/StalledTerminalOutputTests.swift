import Foundation
import Synchronization
import TestSupport
import Testing

/// A `--listen` host whose standard output nobody reads, while a socket client drives the
/// game: the client's input waits, as standard input does, so memory stays bounded; once
/// standard output is read again, everything the client sent is processed.
@Suite struct StalledTerminalOutputTests {
  @Test func aClientWaitsWhileTheTerminalOutputIsBackedUpAndLosesNothing() throws {
    let directory = try ListeningHost.makeDirectory()
    let path = "\(directory)/game.sock"
    let host = try HostProcess(
      HostProcess.defaultArguments + ["--listen", path], environment: ["TICTACTOE_TRACE": "1"])
    #expect(try host.readEvent().type == "hello")
    _ = try host.readEvent()
    let baseline = try #require(host.peakMemoryKiB())
    let client = try #require(SocketClient(path: path))
    #expect(try client.readEvent().type == "hello")
    #expect(try client.readEvent().type == "state")
    // About 5 MB of events for standard output, which nobody reads for now.
    let count = 20_000
    let lines = (0..<count).map {
      #"{"action":"login.view.binding.email","value":"player\#($0)@example.com"}"# + "\n"
    }
    Thread.detachNewThread { client.write(Array(lines.joined().utf8)) }
    // The client reads its own events all along: only standard output is stalled.
    let actions = Mutex(0)
    let allProcessed = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      while actions.withLock({ $0 }) < count, let event = try? client.readEvent() {
        if event.type == "action" { actions.withLock { $0 += 1 } }
      }
      allProcessed.signal()
    }
    #expect(host.standardErrorLine(containing: "waits: standard output is backed up") != nil)
    let stalled = try #require(host.peakMemoryKiB())
    #expect(
      stalled - baseline < 32 << 10,
      "the host grew from \(baseline) KiB to \(stalled) KiB while standard output was stalled")
    // Standard output is read again: every action the client sent is processed.
    let drained = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      while host.readLine() != nil {}
      drained.signal()
    }
    allProcessed.wait()
    #expect(actions.withLock { $0 } == count)
    host.closeInput()
    drained.wait()
    let (status, _) = host.finishWithoutChecks()
    #expect(status == 0)
  }
}
