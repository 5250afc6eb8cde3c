import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A `--listen` host at its `ulimit -n`: more clients wait to connect than it has descriptors
/// for. It keeps serving the ones it has, and takes the others as those leave.
@Suite struct DescriptorLimitTests {
  @Test(arguments: [(limit: 64, clients: 100), (limit: 1024, clients: 1100)])
  func aHostOutOfDescriptorsKeepsServingAndTakesWaitingClientsLater(
    limit: Int, clients: Int
  ) throws {
    var ownLimit = rlimit()
    getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &ownLimit)
    // The test holds every client's descriptor itself, beside the tests running at once.
    if ownLimit.rlim_cur < rlim_t(clients + 512), ownLimit.rlim_max >= rlim_t(clients + 512) {
      ownLimit.rlim_cur = rlim_t(clients + 512)
      setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &ownLimit)
    }
    try #require(
      ownLimit.rlim_cur >= rlim_t(clients + 512), "this test needs \(clients + 512) descriptors")
    let directory = try ListeningHost.makeDirectory()
    let path = "\(directory)/game.sock"
    let host = try HostProcess(
      HostProcess.defaultArguments + ["--listen", path], descriptorLimit: limit)
    #expect(try host.readEvent().type == "hello")
    _ = try host.readEvent()
    // All connected before any leaves: the host cannot hold them all at once.
    var waiting: [SocketClient] = []
    for _ in 0..<clients {
      waiting.append(try #require(SocketClient(path: path), "connect: \(errno)"))
    }
    // Each gets its hello in turn, the later ones only once earlier ones left.
    for (index, client) in waiting.enumerated() {
      let hello = try client.readEvent()
      #expect(hello.type == "hello", "client \(index)")
      client.close()
    }
    host.send(#"{"command":"snapshot"}"#)
    #expect(try host.readEvent(where: { $0.type == "state" }).type == "state")
    let (status, standardError) = host.finishWithoutChecks()
    #expect(status == 0, "the host died: \(standardError)")
  }
}
