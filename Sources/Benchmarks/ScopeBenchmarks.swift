import UnidirectionalFlow

/// Creating scoped stores.
@MainActor
enum ScopeBenchmarks {
  /// `Store.Scope`: one scoped store made from a root store (and released).
  static var scope: Benchmark {
    Benchmark(
      name: "Store.Scope",
      library: {
        let root = NestedStores.root()
        return .sync { iterations in
          for _ in 0..<iterations { BlackHole.consume(NestedStores.depth1(of: root)) }
        }
      },
      baseline: {
        let root = ManualStore<NestedRoot>(initialState: NestedRoot.initialState)
        return .sync { iterations in
          for _ in 0..<iterations { BlackHole.consume(NestedStores.manualDepth1(of: root)) }
        }
      })
  }

  /// `NestedStore.Scope`: ten nested scoped stores made from a root store, each from the
  /// previous one (and released).
  static var nestedScope: Benchmark {
    Benchmark(
      name: "NestedStore.Scope",
      library: {
        let root = NestedStores.root()
        return .sync { iterations in
          for _ in 0..<iterations { BlackHole.consume(NestedStores.leaf(of: root)) }
        }
      },
      baseline: {
        let root = ManualStore<NestedRoot>(initialState: NestedRoot.initialState)
        return .sync { iterations in
          for _ in 0..<iterations { BlackHole.consume(NestedStores.manualLeaf(of: root)) }
        }
      })
  }
}
