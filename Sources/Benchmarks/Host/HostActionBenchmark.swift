import Foundation
import FrontEndHost
import TicTacToeAppCore
import UnidirectionalFlow

/// The cost of one action with the three stock front ends attached (each renders it into
/// `/dev/null`: the host's and the front ends' work, not the disk's), against the same action
/// with none attached.
enum HostActionBenchmark {
  static let threeFrontEnds = Benchmark(
    name: "Host.Action.3FrontEnds",
    library: { workload(attaching: ["text", "jsonl", "ansi"]) },
    baseline: { workload(attaching: []) })

  /// The same action with one stock front end attached at a time, against none: what each
  /// front end adds to `Host.Action.3FrontEnds`.
  static let eachFrontEnd = ["text", "jsonl", "ansi"].map { name in
    Benchmark(
      name: "Host.Action.\(name)",
      library: { workload(attaching: [name]) },
      baseline: { workload(attaching: []) })
  }

  @MainActor
  private static func workload(attaching names: [String]) -> Workload {
    let host = makeBenchmarkHost()
    let store = host.store
    for name in names {
      if case .failure(let error) = host.attach(
        FrontEndSpec("\(BuiltProducts.frontEnd(name)):/dev/null"), ownsTerminal: false)
      {
        print("warning: \(error)")
      }
    }
    let emails = ["blob@pointfree.co", "blub@pointfree.co"]
    return .sync { iterations in
      for iteration in 0..<iterations {
        store.send(.login(.view(.binding(.set(\.email, emails[iteration & 1])))))
        // What the host's loop does before it waits again: write what the front ends wrote.
        host.flushOutputs()
      }
      BlackHole.consume(host.attachedFrontEnds.count)
    }
  }
}
