import Foundation
import FrontEndHost

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The host's cost per action with 64 idle clients attached over sockets (`--listen`), each
/// sent an action and a state event per action and reading them, against no client.
enum RemoteClientsBenchmark {
  /// How many clients the library side attaches.
  static let clients = 64

  static let sixtyFourClients = Benchmark(
    name: "Host.Action.\(clients)Clients",
    library: { workload(clients: clients) },
    baseline: { workload(clients: 0) })

  @MainActor
  private static func workload(clients: Int) -> Workload {
    let host = makeBenchmarkHost()
    let store = host.store
    var clientEnds: [Int32] = []
    for _ in 0..<clients {
      var ends: [Int32] = [-1, -1]
      guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else {
        print("warning: socketpair: \(String(cString: strerror(errno)))")
        break
      }
      _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
      host.serve(connection: ends[0], frontEnd: FrontEndSpec(BuiltProducts.frontEnd("jsonl")))
      clientEnds.append(ends[1])
    }
    if !clientEnds.isEmpty { startDraining(clientEnds) }
    let emails = ["blob@pointfree.co", "blub@pointfree.co"]
    return .sync { iterations in
      for iteration in 0..<iterations {
        store.send(.login(.view(.binding(.set(\.email, emails[iteration & 1])))))
        // What the host's loop does before it waits again: write what the front ends wrote.
        host.flushOutputs()
      }
      BlackHole.consume(host.connectionCount)
    }
  }

  /// Reads and drops what the clients receive, on a thread of its own, for the life of the
  /// process: idle clients that keep up.
  private static func startDraining(_ descriptors: [Int32]) {
    Thread.detachNewThread {
      var ready = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while poll(&ready, nfds_t(ready.count), -1) >= 0 {
        for index in ready.indices where ready[index].revents != 0 {
          let count = buffer.withUnsafeMutableBytes {
            read(ready[index].fd, $0.baseAddress, $0.count)
          }
          if count <= 0 { ready[index].events = 0 }
        }
      }
    }
  }
}
