import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A raw TCP connection to the web front end on 127.0.0.1, which writes requests as the test
/// spells them, byte for byte, and reads responses with nothing in between: no HTTP library
/// fixes a header the test means to get wrong.
///
/// Reads block, bounded by a generous receive timeout so that a server that never answers
/// fails the test instead of stalling it.
final class HTTPConnection {
  /// A response: its status code, header lines and body.
  struct Response: CustomStringConvertible {
    /// The status code (`200`, `403`, ...).
    var status: Int
    /// The header lines, as sent.
    var headers: [String]
    /// The body, as far as it was read.
    var body: String

    var description: String { "\(status) \(headers) \(body)" }

    /// The value of the first header named `name` (case-insensitive).
    func header(_ name: String) -> String? {
      let prefix = name.lowercased() + ":"
      return headers.first { $0.lowercased().hasPrefix(prefix) }
        .map { String($0.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) }
    }
  }

  /// A socket call that failed.
  struct Failure: Error, CustomStringConvertible {
    /// The call and its error.
    let description: String
  }

  /// Seconds a read waits for the server before the test fails.
  static let readTimeoutSeconds = 120

  private let descriptor: Int32
  private var unread: [UInt8] = []

  /// How many bytes the server sent on this connection so far (as far as they were read).
  private(set) var bytesRead = 0

  /// Connects to `port` on 127.0.0.1; with a `receiveBuffer`, asks the kernel for a receive
  /// buffer that small (before connecting, so the window starts small).
  init(port: UInt16, receiveBuffer: Int32? = nil) throws {
    // Close-on-exec: a host a test starts meanwhile must not inherit it.
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw Self.failure("socket") }
    if var size = receiveBuffer {
      setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      let error = Self.failure("connect")
      Glibc.close(descriptor)
      throw error
    }
    var timeout = timeval(tv_sec: Self.readTimeoutSeconds, tv_usec: 0)
    setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit { Glibc.close(descriptor) }

  /// Sends `text` as it is (write `\r\n` where HTTP wants them); `false` if the server closed
  /// the connection.
  @discardableResult
  func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  /// Sends `bytes`; `false` if the server closed the connection first.
  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if sent < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += sent
    }
    return true
  }

  /// Reads one response: the status line, the headers, and a body of its `Content-Length`
  /// (or, without one, up to the end of the connection).
  func readResponse(sourceLocation: SourceLocation = #_sourceLocation) throws -> Response {
    let separator = Array("\r\n\r\n".utf8)
    while unread.firstRange(of: separator) == nil {
      try #require(readMore(), "the connection ended before a response's headers: \(text)")
    }
    let end = unread.firstRange(of: separator)!
    let head = String(decoding: unread[..<end.lowerBound], as: UTF8.self)
    unread.removeSubrange(..<end.upperBound)
    let lines = head.components(separatedBy: "\r\n")
    let statusWords = lines[0].split(separator: " ")
    let status = try #require(
      statusWords.count >= 2 ? Int(statusWords[1]) : nil, "not a status line: \(lines[0])",
      sourceLocation: sourceLocation)
    var response = Response(status: status, headers: Array(lines.dropFirst()), body: "")
    if let length = response.header("Content-Length").flatMap(Int.init) {
      while unread.count < length {
        try #require(readMore(), "the body ended early", sourceLocation: sourceLocation)
      }
      response.body = String(decoding: unread[..<length], as: UTF8.self)
      unread.removeSubrange(..<length)
    } else if response.header("Content-Type")?.hasPrefix("text/event-stream") != true {
      while readMore() {}
      response.body = String(decoding: unread, as: UTF8.self)
      unread = []
    }
    return response
  }

  /// The status of the response, or `nil` if the server closed the connection without one
  /// (as it does with a connection over its limits); records no issue either way.
  func readStatus() -> Int? {
    let separator = Array("\r\n\r\n".utf8)
    while unread.firstRange(of: separator) == nil {
      guard readMore() else { return nil }
    }
    let statusLine = String(decoding: unread.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
    let words = statusLine.split(separator: " ")
    return words.count >= 2 ? Int(words[1]) : nil
  }

  /// Reads until `text` arrived (for an event stream); `false` if the connection ended first.
  func read(until text: String) -> Bool {
    let bytes = Array(text.utf8)
    while true {
      if let range = unread.firstRange(of: bytes) {
        unread.removeSubrange(..<range.upperBound)
        return true
      }
      guard readMore() else { return false }
    }
  }

  /// Reads until `text` arrived and returns what came before it (for an event stream);
  /// `nil` if the connection ended first.
  func text(upTo text: String) -> String? {
    let bytes = Array(text.utf8)
    while true {
      if let range = unread.firstRange(of: bytes) {
        let before = String(decoding: unread[..<range.lowerBound], as: UTF8.self)
        unread.removeSubrange(..<range.upperBound)
        return before
      }
      guard readMore() else { return nil }
    }
  }

  /// Waits for the server to close the connection, discarding what it sends; `true` when it
  /// did (an end of stream or a reset), `false` when the read timed out first.
  func waitForClose() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 { continue }
      if count == 0 { return true }
      if errno == EINTR { continue }
      return errno == ECONNRESET || errno == EPIPE
    }
  }

  /// Sends `request` on a new connection and reads its response.
  static func exchange(
    port: UInt16, _ request: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Response {
    let connection = try HTTPConnection(port: port)
    connection.send(request)
    return try connection.readResponse(sourceLocation: sourceLocation)
  }

  /// What was read and not used yet, for messages.
  private var text: String { String(decoding: unread, as: UTF8.self) }

  /// Appends what the connection has next; `false` at its end (or on an error or timeout).
  private func readMore() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      unread.append(contentsOf: buffer[..<count])
      bytesRead += count
      return true
    }
  }

  private static func failure(_ call: String) -> Failure {
    Failure(description: "\(call) failed: \(String(cString: strerror(errno)))")
  }
}
