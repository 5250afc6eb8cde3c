#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Two connected, non-blocking Unix stream sockets: one end for the piece under test, the
/// other for the test, playing the peer.
public struct SocketPair {
  /// The end for the piece under test.
  public let local: Int32
  /// The test's end.
  public let peer: Int32

  /// A fresh pair; the test closes what it keeps.
  public init() {
    var ends: [Int32] = [-1, -1]
    precondition(
      socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends)
        == 0)
    for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    (local, peer) = (ends[0], ends[1])
  }

  /// Writes `text` from the peer's end.
  public func send(_ text: String) {
    let sent = text.utf8CString.withUnsafeBytes { write(peer, $0.baseAddress, $0.count - 1) }
    precondition(sent == text.utf8.count)
  }

  /// Reads everything the peer can read now, without waiting.
  public func receiveAvailable() -> [UInt8] {
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(peer, $0.baseAddress, $0.count) }
      guard count > 0 else { return received }
      received += chunk[..<count]
    }
  }
}
