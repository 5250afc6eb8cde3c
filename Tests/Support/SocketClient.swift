import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A client of a host's socket (`tictactoe --listen`), with blocking reads bounded by a
/// receive timeout, so that a host that never answers fails the test instead of stalling it.
/// One thread may write while another reads: only reads touch the unread bytes.
public final class SocketClient: @unchecked Sendable {
  /// Seconds a read waits for the host before the test fails.
  public static let readTimeoutSeconds = 30

  private let descriptor: Int32
  private var unread: [UInt8] = []
  private var isClosed = false

  /// Connects to the socket at `path`; `nil` with `errno` set if the connection failed.
  public init?(path: String) {
    // Close-on-exec: a host a test starts meanwhile must not inherit it (and so hold a client
    // open, or have fewer descriptors than its limit says).
    descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    let connected = Self.withAddress(path) { connect(descriptor, $0, $1) }
    guard connected == 0 else {
      let error = errno
      Glibc.close(descriptor)
      errno = error
      return nil
    }
    var timeout = timeval(tv_sec: Self.readTimeoutSeconds, tv_usec: 0)
    setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit { close() }

  /// Calls `body` with the socket address of `path` and its length.
  public static func withAddress<Result>(
    _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
  ) -> Result {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8) }
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
  }

  /// Writes `line` and a `\n`.
  public func send(_ line: String) { write(Array((line + "\n").utf8)) }

  /// Writes `bytes`, all of them unless the host closed the connection.
  public func write(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if sent < 0 && errno == EINTR { continue }
      guard sent > 0 else { return }
      offset += sent
    }
  }

  /// Closes the writing side: the host sees the end of this client's input.
  public func closeWriting() { shutdown(descriptor, Int32(SHUT_WR)) }

  /// Closes the connection.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    Glibc.close(descriptor)
  }

  /// The next line, without its `\n`; `nil` at the end of the connection (or after the read
  /// timeout, which fails the test).
  public func readLine(sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    while true {
      if let newline = unread.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: unread[..<newline], as: UTF8.self)
        unread.removeSubrange(...newline)
        return line
      }
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        Issue.record(
          "the host sent nothing for \(Self.readTimeoutSeconds) s", sourceLocation: sourceLocation)
        return nil
      }
      guard count > 0 else { return nil }
      unread.append(contentsOf: buffer[..<count])
    }
  }

  /// Reads the next line and parses it as an event.
  public func readEvent(sourceLocation: SourceLocation = #_sourceLocation) throws -> Event {
    let line = try #require(
      readLine(sourceLocation: sourceLocation), "the connection ended early",
      sourceLocation: sourceLocation)
    return try Event(line: line, sourceLocation: sourceLocation)
  }

  /// Reads events until one satisfies `predicate`, and returns it with the events before it.
  @discardableResult
  public func readEvents(
    until predicate: (Event) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [Event] {
    var events: [Event] = []
    while true {
      let event = try readEvent(sourceLocation: sourceLocation)
      events.append(event)
      if predicate(event) { return events }
    }
  }

  /// Reads every line to the end of the connection.
  public func readToEnd(sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    var lines: [String] = []
    while let line = readLine(sourceLocation: sourceLocation) { lines.append(line) }
    return lines
  }
}
