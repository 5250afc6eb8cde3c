import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A socket that pretends to be a `tictactoe --listen` host, for `tictactoe attach` to meet a
/// host that misbehaves: it accepts one connection, on a thread of its own, and hands it to
/// `serve`, which says what the "host" sends. The connection is closed when `serve` returns.
final class FakeHost: Sendable {
  /// The socket's path.
  let path: String

  /// The first line of a host's socket: the remote `hello`.
  static let hello =
    #"{"type":"hello","seq":1,"protocol":"tictactoe-jsonl","version":1,"remote":true}"#
  /// A host's first `state`: the empty login screen.
  static let loginState =
    #"{"type":"state","seq":2,"state":{"login":{"email":"","password":"","isFormValid":false,"#
    + #""isLoginRequestInFlight":false,"alert":null,"twoFactor":null}}}"#

  /// Listens at `game.sock` in a new private directory and serves one client with `serve`.
  init(serve: @escaping @Sendable (_ connection: Int32) -> Void) throws {
    path = "\(try ListeningHost.makeDirectory())/game.sock"
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard listener >= 0,
      SocketClient.withAddress(path, { bind(listener, $0, $1) }) == 0, listen(listener, 1) == 0
    else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    Thread.detachNewThread {
      let connection = accept(listener, nil, nil)
      Glibc.close(listener)
      guard connection >= 0 else { return }
      serve(connection)
      Glibc.close(connection)
    }
  }

  /// Sends `text`; `false` once the client has gone.
  @discardableResult
  static func send(_ text: String, on connection: Int32) -> Bool {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if sent < 0 && errno == EINTR { continue }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  /// Reads and drops what the client sends, until it closes the connection.
  static func ignoreEverything(on connection: Int32) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return }
    }
  }
}
