import Foundation
import FrontEndHost
import HostIO
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The socket listener driven by a ``ManualEventLoop``: it accepts waiting clients when the loop
/// runs, hands each over as a descriptor, and removes its socket when closed.
@MainActor @Suite struct UnixSocketListenerTests {
  /// The descriptors the listener handed over.
  @MainActor final class Accepted {
    var descriptors: [Int32] = []
  }

  /// Connects a client to `path`; returns its descriptor.
  private func connect(to path: String) -> Int32 {
    let client = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8) }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(client, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    #expect(connected == 0, "cannot connect: \(String(cString: strerror(errno)))")
    return client
  }

  @Test func waitingClientsAreAcceptedWhenTheLoopRuns() throws {
    let directory = try FileManager.default.url(
      for: .itemReplacementDirectory, in: .userDomainMask,
      appropriateFor: URL(fileURLWithPath: "/tmp"),
      create: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("host.sock").path
    let loop = ManualEventLoop()
    let listener = try UnixSocketListener(path: path, loop: loop)
    let accepted = Accepted()
    listener.onAccept = { accepted.descriptors.append($0) }
    let first = connect(to: path)
    let second = connect(to: path)
    defer { _ = (close(first), close(second)) }
    #expect(loop.run() == 0, "not listening yet")
    listener.start()
    #expect(loop.run() == 1, "one callback accepts every waiting client")
    #expect(accepted.descriptors.count == 2)
    let third = connect(to: path)
    defer { close(third) }
    loop.run()
    #expect(accepted.descriptors.count == 3)
    // Each descriptor is the server's end of a client's connection.
    _ = write(third, "x", 1)
    var byte: UInt8 = 0
    #expect(read(accepted.descriptors[2], &byte, 1) == 1 && byte == UInt8(ascii: "x"))
    for descriptor in accepted.descriptors { close(descriptor) }
    listener.close()
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(!FileManager.default.fileExists(atPath: path + ".lock"))
    #expect(loop.run() == 0, "a closed listener waits for nothing")
  }
}
