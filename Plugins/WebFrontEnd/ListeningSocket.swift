import FrontEndKit
import Glibc
import WebRequestRules

/// The server's listening socket, bound here rather than by MHD: so that a port of 0 can be
/// read back (the URL needs it) and a failure to bind says why (`EADDRINUSE`). MHD takes it
/// over and closes it when it stops.
enum ListeningSocket {
  /// A socket bound to `address` and listening, and the port it got.
  static func open(_ address: ListenAddress) throws(FrontEndError) -> (
    descriptor: Int32, port: UInt16
  ) {
    let family = address.isIPv6 ? AF_INET6 : AF_INET
    let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw failure("cannot make a socket") }
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var storage = sockaddr_storage()
    let length: socklen_t
    if address.isIPv6 {
      var ipv6 = sockaddr_in6()
      ipv6.sin6_family = sa_family_t(AF_INET6)
      ipv6.sin6_port = address.port.bigEndian
      guard inet_pton(AF_INET6, address.host, &ipv6.sin6_addr) == 1 else {
        close(descriptor)
        throw FrontEndError("'\(address.host)' is not an IPv6 address")
      }
      withUnsafeBytes(of: ipv6) { bytes in
        withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
      }
      length = socklen_t(MemoryLayout<sockaddr_in6>.size)
    } else {
      var ipv4 = sockaddr_in()
      ipv4.sin_family = sa_family_t(AF_INET)
      ipv4.sin_port = address.port.bigEndian
      guard inet_pton(AF_INET, address.host, &ipv4.sin_addr) == 1 else {
        close(descriptor)
        throw FrontEndError("'\(address.host)' is not an IPv4 address")
      }
      withUnsafeBytes(of: ipv4) { bytes in
        withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
      }
      length = socklen_t(MemoryLayout<sockaddr_in>.size)
    }
    let bound = withUnsafePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
    }
    guard bound == 0, listen(descriptor, 64) == 0 else {
      let error = failure("cannot listen on \(address.authority)")
      close(descriptor)
      throw error
    }
    var boundLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let named = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &boundLength)
      }
    }
    guard named == 0 else {
      let error = failure("cannot read the port of \(address.authority)")
      close(descriptor)
      throw error
    }
    // sin_port and sin6_port are both at offset 2.
    let port = withUnsafeBytes(of: storage) { $0.load(fromByteOffset: 2, as: UInt16.self) }
    return (descriptor, UInt16(bigEndian: port))
  }

  private static func failure(_ what: String) -> FrontEndError {
    FrontEndError("\(what): \(String(cString: strerror(errno)))")
  }
}
