import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What a `tictactoe --listen` host keeps of clients that left: its resident memory before and
/// after thousands of clients connected, read their first state, quit and closed.
@MainActor
enum ConnectionChurn {
  /// Clients before the first reading (allocator caches, the first connection's one-time work).
  static let warmUp = 200
  /// Clients between the two readings.
  static let cycles = 2_000

  /// Measures, prints and reports the growth per connection.
  static func run() throws -> TargetCheck {
    try ListeningHost.with { path, pid in
      for _ in 0..<warmUp { try visit(path) }
      let before = try residentKiB(of: pid)
      for _ in 0..<cycles { try visit(path) }
      let after = try residentKiB(of: pid)
      let perConnection = Double(after - before) * 1024 / Double(cycles)
      print(
        "  --listen, \(cycles) clients connected, quit and closed: resident memory \(before) KiB "
          + "-> \(after) KiB, \(HostMeasurements.format(perConnection)) bytes per connection")
      let target = HostTargets.bytesKeptPerClosedConnection
      return TargetCheck(
        goal: "A --listen host keeps at most \(Int(target)) bytes of resident memory per client "
          + "that left (\(cycles) clients).",
        isMet: perConnection <= target,
        evidence: "\(before) KiB -> \(after) KiB: \(HostMeasurements.format(perConnection)) bytes "
          + "per connection")
    }
  }

  /// One client: connects, reads its `hello` and first `state`, quits, reads to the end.
  private static func visit(_ path: String) throws {
    let client = try LineSocket(connectingTo: path)
    for _ in 0..<2 { _ = try client.readLine() }
    try client.write(#"{"command":"quit"}"# + "\n")
    while (try? client.readLine()) != nil {}
  }

  /// `VmRSS` of process `pid`.
  private static func residentKiB(of pid: Int32) throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { throw BenchmarkError("no VmRSS in /proc/\(pid)/status") }
    return kib
  }
}
