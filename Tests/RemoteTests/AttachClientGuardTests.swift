import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Issue 22, S2, H1 and H2: `tictactoe attach` meets a host it should not trust or wait for: one
/// of another user, one that never sends its first state, one that never answers a settle.
/// Each ends the client with its status and one clear line, and nothing typed is sent to a
/// stranger.
@Suite struct AttachClientGuardTests {
  /// The client's settle timeout, short: each test waits for it to pass (the verdict is the
  /// same however long the machine takes; only the test's length depends on it).
  static let settleTimeout = "0.5"

  /// `tictactoe attach PATH --frontend text` with the short settle timeout.
  func attach(_ path: String) throws -> HostProcess {
    try HostProcess([
      "attach", path, "--frontend", "text", "--settle-timeout", Self.settleTimeout,
    ])
  }

  @Test func aHostThatSendsOnlyOtherLinesAfterHelloIsGivenUpAtTheSettleTimeout() throws {
    let host = try FakeHost { connection in
      guard FakeHost.send(FakeHost.hello + "\n", on: connection) else { return }
      // Endless lines that are not a state, as fast as the client reads them.
      var seq = 2
      while FakeHost.send(
        #"{"type":"error","seq":\#(seq),"message":"not yet"}"# + "\n", on: connection)
      {
        seq += 1
      }
    }
    let (status, standardError) = try attach(host.path).finishWithoutChecks()
    #expect(status == 10)
    #expect(
      standardError
        == "tictactoe: cannot attach to \(host.path): no first state from the host within "
        + "0.5 seconds\n")
  }

  @Test func aHostThatTricklesBytesIsGivenUpAtTheSettleTimeout() throws {
    let host = try FakeHost { connection in
      guard FakeHost.send(FakeHost.hello + "\n", on: connection) else { return }
      // One byte of a line that never ends, then another each time 0.2 s pass without the
      // client hanging up: each read the client makes gets something, well within its timeout.
      var status = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
      while FakeHost.send("{", on: connection), poll(&status, 1, 200) == 0 {}
    }
    let (status, standardError) = try attach(host.path).finishWithoutChecks()
    #expect(status == 10)
    #expect(standardError.hasSuffix("no first state from the host within 0.5 seconds\n"))
  }

  @Test func aHostThatNeverAnswersASettleTimesOutInTheClientAsInTheHost() throws {
    let host = try FakeHost { connection in
      guard FakeHost.send(FakeHost.hello + "\n" + FakeHost.loginState + "\n", on: connection)
      else { return }
      FakeHost.ignoreEverything(on: connection)
    }
    let client = try attach(host.path)
    // The text front end settles after each line, and the quit at the end of its input too.
    client.send("email blob@pointfree.co")
    let (status, standardError) = client.finishWithoutChecks()
    #expect(status == 6)
    #expect(
      standardError
        == "tictactoe: quitting with the host's effects still running at the settle timeout; "
        + "abandoned\n")
    let output = String(decoding: client.output, as: UTF8.self)
    #expect(output.contains("! still waiting for the server; continuing"), "\(output)")
  }

  @Test(
    .enabled(
      if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
      "needs root, setpriv and /usr/bin/python3 to run a host as nobody"))
  func aSocketServedByAnotherUserIsRefusedAndSentNothing() throws {
    // A directory anyone can write, as an explicit --listen PATH may be.
    let directory = try ListeningHost.makeDirectory()
    chmod(directory, 0o777)
    let path = "\(directory)/game.sock"
    let stranger = try StrangerHost(path: path)
    let client = try attach(path)
    client.send("password s3cret-pass")
    let (status, standardError) = client.finishWithoutChecks()
    #expect(status == 10)
    #expect(
      standardError
        == "tictactoe: cannot attach to \(path): the process serving it runs as uid 65534, not "
        + "as you (uid 0); nothing was sent to it, since it would get what you type, your "
        + "password included\n")
    #expect(stranger.received() == "received 0 bytes")
  }
}

/// A fake host run as the user nobody (`setpriv`), in Python: it listens at `path`, greets its
/// one client as a host would, and prints how many bytes the client sent before it left.
private final class StrangerHost {
  private let process = Process()
  private let output = Pipe()

  init(path: String) throws {
    let script = """
      import socket, sys
      server = socket.socket(socket.AF_UNIX)
      server.bind(sys.argv[1])
      server.listen(1)
      print("listening", flush=True)
      client, _ = server.accept()
      received = b""
      try:
          client.sendall((sys.argv[2] + "\\n" + sys.argv[3] + "\\n").encode())
          while True:
              chunk = client.recv(4096)
              if not chunk:
                  break
              received += chunk
      except OSError:
          pass  # the client hung up first
      print("received %d bytes" % len(received), flush=True)
      """
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
    process.arguments = [
      "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", script, path,
      FakeHost.hello, FakeHost.loginState,
    ]
    process.standardOutput = output
    try process.run()
    #expect(nextLine() == "listening")
  }

  deinit {
    if process.isRunning { process.terminate() }
  }

  /// What it printed after its client left.
  func received() -> String? {
    let line = nextLine()
    process.waitUntilExit()
    return line
  }

  private var unread: [UInt8] = []

  private func nextLine() -> String? {
    while true {
      if let newline = unread.firstIndex(of: UInt8(ascii: "\n")) {
        defer { unread.removeSubrange(...newline) }
        return String(decoding: unread[..<newline], as: UTF8.self)
      }
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { return nil }
      unread += chunk
    }
  }
}
