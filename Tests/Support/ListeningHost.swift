import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A `tictactoe --listen` process whose terminal owner is the `jsonl` front end on pipes, and
/// a private directory for its socket; clients connect with ``connect()``.
public struct ListeningHost: Sendable {
  /// The host.
  public let process: HostProcess
  /// The socket's path.
  public let path: String
  /// The directory the test made for it.
  public let directory: String

  /// Starts a host listening at `socket` in a new private directory (the default name is
  /// `game.sock`), and waits until it listens: its `hello` on standard output comes after.
  public init(
    socket: String = "game.sock", arguments: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    directory = try Self.makeDirectory()
    path = "\(directory)/\(socket)"
    process = try HostProcess(
      HostProcess.defaultArguments + ["--listen", path] + arguments,
      sourceLocation: sourceLocation)
    let hello = try process.readEvent(sourceLocation: sourceLocation)
    #expect(hello.type == "hello", sourceLocation: sourceLocation)
    _ = try process.readEvent(sourceLocation: sourceLocation)
  }

  /// A new client; fails the test if it cannot connect.
  public func connect(sourceLocation: SourceLocation = #_sourceLocation) throws -> SocketClient {
    try #require(
      SocketClient(path: path), "cannot connect to \(path): \(String(cString: strerror(errno)))",
      sourceLocation: sourceLocation)
  }

  /// A new client that has read its `hello` and first `state`.
  public func attach(sourceLocation: SourceLocation = #_sourceLocation) throws -> SocketClient {
    let client = try connect(sourceLocation: sourceLocation)
    let hello = try client.readEvent(sourceLocation: sourceLocation)
    #expect(
      hello.value
        == [
          "type": "hello", "seq": 1, "protocol": "tictactoe-jsonl", "version": 1, "remote": true,
        ],
      sourceLocation: sourceLocation)
    #expect(try client.readEvent(sourceLocation: sourceLocation).type == "state")
    return client
  }

  /// A new private (0700) directory under `/tmp`, short enough for socket paths; removed
  /// when the test process exits.
  public static func makeDirectory() throws -> String {
    var template = Array("/tmp/ttt-remote-XXXXXX".utf8CString)
    let made = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) })
    let directory = String(cString: made)
    _ = removeAtExit
    madeDirectories.withLock { $0.append(directory) }
    return directory
  }

  private static let madeDirectories = Mutex<[String]>([])

  private static let removeAtExit: Void = {
    atexit {
      for directory in ListeningHost.madeDirectories.withLock({ $0 }) {
        try? FileManager.default.removeItem(atPath: directory)
      }
    }
  }()
}
