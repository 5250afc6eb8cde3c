/// Counts the calls that cross the ABI, both ways, for `TICTACTOE_TRACE=calls`: what one key
/// press costs (how often the host calls a front end, and the front end the host), written as
/// one line once the outermost call into a front end has returned.
///
/// Counted on the store thread only, where every callback and `[store-thread]` routine runs.
final class CallTally {
  /// The tally being kept, or `nil` while calls are not counted (the default): a routine then
  /// costs one load and one test more.
  // Set once, before any front end attaches; read and counted on the store thread only.
  nonisolated(unsafe) static var current: CallTally?

  private var intoFrontEnds: [(name: String, count: Int)] = []
  private var intoHost: [(name: String, count: Int)] = []

  /// Counts a call of the host's routine `name` by a front end.
  static func countRoutine(_ name: String) {
    guard let tally = current, isStoreThread() else { return }
    tally.intoHost.increment(name)
  }

  /// Counts a call of a front end's callback `name` by the host.
  static func countCallback(_ name: String) {
    guard let tally = current else { return }
    tally.intoFrontEnds.increment(name)
  }

  /// The line that tells what was counted since the last one, or `nil` when nothing was; starts
  /// counting afresh.
  func takeSummary() -> String? {
    guard !intoFrontEnds.isEmpty || !intoHost.isEmpty else { return nil }
    defer {
      intoFrontEnds = []
      intoHost = []
    }
    func total(_ counts: [(name: String, count: Int)]) -> Int {
      counts.reduce(0) { $0 + $1.count }
    }
    func list(_ counts: [(name: String, count: Int)]) -> String {
      counts.isEmpty ? "none" : counts.map { "\($0.name) \($0.count)" }.joined(separator: ", ")
    }
    let reads = intoHost.filter { $0.name.hasPrefix("read_") }
    return "tictactoe: trace: calls: \(total(intoFrontEnds)) into front ends ("
      + list(intoFrontEnds) + "), \(total(intoHost)) into the host (" + list(intoHost)
      + "), \(total(reads)) state reads"
  }
}

extension [(name: String, count: Int)] {
  /// Adds one to `name`'s count, which is appended when new: the order is the calls' order.
  fileprivate mutating func increment(_ name: String) {
    if let index = firstIndex(where: { $0.name == name }) {
      self[index].count += 1
    } else {
      append((name, 1))
    }
  }
}
