import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `tictactoe --listen`: where the socket is made, with which modes, what is in the way, who
/// may connect, and that it goes away with the host.
@Suite struct ListenSocketTests {
  /// The mode bits and type of `path` (`lstat`), or `nil` if nothing is there.
  func mode(_ path: String) -> mode_t? {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode : nil
  }

  /// The path a host printed on standard error.
  func announcedPath(_ host: HostProcess) throws -> String {
    let line = try #require(host.standardErrorLine(containing: "listening on "))
    return String(line.split(separator: "listening on ").last ?? "")
  }

  @Test func theDefaultPathIsInTheRuntimeDirectoryPrivateAndRemovedAtTheEnd() throws {
    let runtime = try ListeningHost.makeDirectory()
    let host = try HostProcess(
      HostProcess.defaultArguments + ["--listen"], environment: ["XDG_RUNTIME_DIR": runtime])
    let path = try announcedPath(host)
    #expect(path == "\(runtime)/tictactoe/\(host.processIdentifier).sock")
    #expect(mode(path) == S_IFSOCK | 0o600)
    #expect(mode("\(runtime)/tictactoe") == S_IFDIR | 0o700)
    // A tool finds the socket in the first line of standard output, with no scraping.
    let hello = try Event(line: try #require(host.readLine()))
    #expect(hello.value["listening"] == .string(path))
    let client = try #require(SocketClient(path: path))
    #expect(try client.readEvent().value["remote"] == true)
    let (status, _) = host.finishWithoutChecks()
    #expect(status == 0)
    #expect(mode(path) == nil, "the socket outlived the host")
  }

  @Test func withoutARuntimeDirectoryItIsAPrivateDirectoryInTMPDIRRemovedAtTheEnd() throws {
    let temporary = try ListeningHost.makeDirectory()
    let host = try HostProcess(
      HostProcess.defaultArguments + ["--listen"],
      environment: ["XDG_RUNTIME_DIR": "", "TMPDIR": temporary])
    let path = try announcedPath(host)
    let directory = (path as NSString).deletingLastPathComponent
    #expect(directory.hasPrefix("\(temporary)/tictactoe-"))
    #expect(mode(directory) == S_IFDIR | 0o700)
    #expect(mode(path) == S_IFSOCK | 0o600)
    let (status, _) = host.finish(bySignal: SIGTERM)
    #expect(status == 128 + SIGTERM)
    #expect(mode(path) == nil && mode(directory) == nil, "the socket or its directory is left")
  }

  @Test func aPrivateDirectoryThatADeadHostLeftIsRemovedAndOthersAreKept() throws {
    let temporary = try ListeningHost.makeDirectory()
    // A crashed host's directory: private, holding only its socket, bound and never removed,
    // for a pid above any pid_max (4194304 at most), so no process has it.
    let left = "\(temporary)/tictactoe-Ab12Cd"
    try #require(mkdir(left, 0o700) == 0)
    let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    let bound = SocketClient.withAddress("\(left)/4194999.sock") { bind(stale, $0, $1) }
    close(stale)
    try #require(bound == 0)
    // One with something else in it is not a host's leftover.
    let kept = "\(temporary)/tictactoe-Ef34Gh"
    try #require(mkdir(kept, 0o700) == 0)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: "\(kept)/notes"))
    let host = try HostProcess(
      HostProcess.defaultArguments + ["--listen"],
      environment: ["XDG_RUNTIME_DIR": "", "TMPDIR": temporary])
    _ = try announcedPath(host)
    let (status, _) = host.finishWithoutChecks()
    #expect(status == 0)
    #expect(mode(left) == nil, "the dead host's directory is still there")
    #expect(mode(kept) == S_IFDIR | 0o700)
    #expect(mode("\(kept)/notes") != nil)
  }

  @Test func aLiveSocketIsAnErrorAndTheFirstHostGoesOn() throws {
    let first = try ListeningHost()
    let second = try HostProcess(HostProcess.defaultArguments + ["--listen", first.path])
    let (status, standardError) = second.finishWithoutChecks()
    #expect(status == 9)
    #expect(standardError.contains("cannot listen on \(first.path): another process is listening"))
    #expect(mode(first.path) == S_IFSOCK | 0o600, "the live socket was removed")
    let client = try first.attach()
    client.send(#"{"command":"snapshot"}"#)
    #expect(try client.readEvent().type == "state")
  }

  @Test func aStaleSocketIsReplaced() throws {
    let directory = try ListeningHost.makeDirectory()
    let path = "\(directory)/game.sock"
    // A socket whose process is gone: bound, then closed without removing it.
    let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    let bound = SocketClient.withAddress(path) { bind(stale, $0, $1) }
    try #require(bound == 0)
    close(stale)
    try #require(mode(path).map { $0 & S_IFMT } == S_IFSOCK)
    let host = try HostProcess(HostProcess.defaultArguments + ["--listen", path])
    _ = try host.readEvent()
    let client = try #require(SocketClient(path: path))
    #expect(try client.readEvent().type == "hello")
    #expect(host.finishWithoutChecks().status == 0)
  }

  @Test func aFileThatIsNotASocketIsRefusedAndLeftAlone() throws {
    let directory = try ListeningHost.makeDirectory()
    let path = "\(directory)/notes.txt"
    try "keep me".write(toFile: path, atomically: false, encoding: .utf8)
    let host = try HostProcess(HostProcess.defaultArguments + ["--listen", path])
    let (status, standardError) = host.finishWithoutChecks()
    #expect(status == 9)
    #expect(standardError.contains("a file that is not a socket is there; it was left alone"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
  }

  @Test(
    .enabled(
      if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
      "needs root, setpriv and /usr/bin/python3 to run a client as nobody"))
  func anotherUserIsRefusedAndLogged() throws {
    let host = try ListeningHost()
    // As made, the socket keeps nobody out by its modes alone.
    #expect(runAsNobody(host.path).contains("Permission denied"))
    // Opened up by hand, it still refuses another uid, from the peer's credentials.
    chmod(host.directory, 0o755)
    chmod(host.path, 0o666)
    let output = runAsNobody(host.path)
    #expect(!output.contains("hello"), "another user was served: \(output)")
    let line = host.process.standardErrorLine(containing: "refused a connection")
    #expect(line?.contains("from uid 65534") == true)
    // The owner is still served.
    _ = try host.attach()
  }

  /// Connects to `path` as the user nobody with a small Python client; returns what it printed.
  func runAsNobody(_ path: String) -> String {
    let script = """
      import socket, sys
      s = socket.socket(socket.AF_UNIX)
      try:
          s.connect(sys.argv[1])
          print(s.recv(4096).decode() or "closed")
      except OSError as e:
          print(e.strerror)
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
    process.arguments = [
      "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", script, path,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    guard (try? process.run()) != nil else { return "cannot run setpriv" }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
