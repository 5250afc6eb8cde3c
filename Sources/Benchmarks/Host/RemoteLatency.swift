import Foundation
import FrontEndHost
import TicTacToeAppCore
import UnidirectionalFlow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Latency from an action sent on one connection of `tictactoe --listen` to its `state` event
/// on another, against the same action seen by an observer inside the host's process.
@MainActor
enum RemoteLatency {
  /// How many actions are timed on each side.
  static let moves = 2_000

  /// Measures both sides, prints the median and the 99th percentile of each, and reports.
  static func run() throws -> TargetCheck {
    let remote = try acrossConnections()
    let local = inProcess()
    func describe(_ times: [Double]) -> String {
      "median \(format(percentile(times, 0.5))) µs, p99 \(format(percentile(times, 0.99))) µs"
    }
    print(
      "  Action to state event, \(moves) actions: across connections \(describe(remote)); "
        + "in-process observer \(describe(local))")
    return TargetCheck(
      goal: "Latency from an action on one connection to its state event on another, against an "
        + "in-process observer (reported).",
      isMet: true,
      evidence: "\(describe(remote)) vs \(describe(local))")
  }

  /// A host process listening, one client sending email edits, another timing their states.
  private static func acrossConnections() throws -> [Double] {
    try ListeningHost.with { path, _ in
      let sender = try LineSocket(connectingTo: path)
      let observer = try LineSocket(connectingTo: path)
      for socket in [sender, observer] {
        for _ in 0..<2 { _ = try socket.readLine() }  // hello, state
      }
      var times: [Double] = []
      times.reserveCapacity(moves)
      for move in 0..<moves {
        let line = #"{"action":"login.view.binding.email","value":"player\#(move)@example.com"}"#
        let start = ContinuousClock.now
        try sender.write(line + "\n")
        while !(try observer.readLine()).hasPrefix(#"{"type":"state""#) {}
        times.append(microseconds(ContinuousClock.now - start))
        // The sender's own events, so that its socket never fills.
        for _ in 0..<2 { _ = try sender.readLine() }
      }
      return times
    }
  }

  /// The same edits sent to a store inside this process, timed to its change notice.
  private static func inProcess() -> [Double] {
    let host = makeBenchmarkHost()
    let store = host.store
    var changedAt = ContinuousClock.now
    let subscription = store.subscribe { _ in changedAt = ContinuousClock.now }
    var times: [Double] = []
    times.reserveCapacity(moves)
    for move in 0..<moves {
      let start = ContinuousClock.now
      store.send(.login(.view(.binding(.set(\.email, "player\(move)@example.com")))))
      times.append(microseconds(changedAt - start))
    }
    subscription.cancel()
    return times
  }

  private static func microseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
  }

  private static func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
  }

  private static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}

/// What went wrong setting up a measurement.
struct BenchmarkError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// A blocking client of a Unix socket that reads lines: the benchmark's stand-in for a tool
/// attached to the host.
final class LineSocket {
  private let descriptor: Int32
  private var unread: [UInt8] = []
  private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

  /// Connects to `path`, retrying while the host has not started listening yet (a second at
  /// most).
  init(connectingTo path: String) throws {
    descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8) }
    for _ in 0..<1000 {
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      if connected == 0 { return }
      _ = poll(nil, 0, 1)
    }
    close(descriptor)
    throw BenchmarkError("cannot connect to \(path): \(String(cString: strerror(errno)))")
  }

  deinit { close(descriptor) }

  /// Writes all of `text`.
  func write(_ text: String) throws {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else { throw BenchmarkError("the host closed the connection") }
      offset += sent
    }
  }

  /// The next line, without its newline.
  func readLine() throws -> String {
    while true {
      if let newline = unread.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: unread[..<newline], as: UTF8.self)
        unread.removeSubrange(...newline)
        return line
      }
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { throw BenchmarkError("the host closed the connection") }
      unread.append(contentsOf: buffer[..<count])
    }
  }
}
