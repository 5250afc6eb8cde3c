import Foundation
import TestSupport
import Testing

/// A `--listen` host whose clients come and go keeps nothing of the ones that left: the
/// handles it gave each client's front end are retired at detach, so the number of live handles
/// (which `TICTACTOE_TRACE=1` prints as each connection closes) comes back to where it was
/// after the first client, however many clients came and went, and however they left.
@Suite struct ClosedConnectionTests {
  @Test func everyClosedConnectionGivesBackItsHandles() throws {
    let directory = try ListeningHost.makeDirectory()
    let path = "\(directory)/game.sock"
    let host = try HostProcess(
      HostProcess.defaultArguments + ["--listen", path], environment: ["TICTACTOE_TRACE": "1"])
    #expect(try host.readEvent().type == "hello")
    _ = try host.readEvent()

    /// Connects client `number`, which leaves in one of three ways, and returns how many
    /// handles were live once the host closed its connection.
    func cycle(_ number: Int) throws -> Int? {
      let client = try #require(SocketClient(path: path))
      #expect(try client.readEvent().type == "hello")
      #expect(try client.readEvent().type == "state")
      switch number % 3 {
      case 0:
        client.send(#"{"command":"quit"}"#)
        _ = client.readToEnd()
      case 1:
        client.send(#"{"action":"login.view.binding.email","value":"c\#(number)@example.com"}"#)
        client.closeWriting()
        _ = client.readToEnd()
      default:
        // Gone without a word: the host finds out when it writes or reads.
        client.close()
      }
      let line = host.standardErrorLine(containing: "connection \(number) closed;")
      let count = line?.split(separator: ";").last?.split(separator: " ").first
      return count.flatMap { Int($0) }
    }

    let baseline = try #require(try cycle(1))
    for number in 2...90 {
      let live = try cycle(number)
      #expect(live == baseline, "after client \(number): \(String(describing: live)) handles")
      if live != baseline { break }
    }
    host.closeInput()
    let (status, _) = host.finishWithoutChecks()
    #expect(status == 0)
  }
}
