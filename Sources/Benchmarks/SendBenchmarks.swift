import UnidirectionalFlow

/// Sending an action that returns no effect, to a root store and through scoped stores.
@MainActor
enum SendBenchmarks {
  /// `Store.Send`: the counter's `increment` sent to its root store.
  static var rootSend: Benchmark {
    Benchmark(
      name: "Store.Send",
      library: {
        let store = Store(initialState: Counter.State()) { Counter() }
        return .sync { iterations in
          for _ in 0..<iterations { store.send(.increment) }
          BlackHole.consume(store.state.count)
        }
      },
      baseline: {
        let store = ManualStore<Counter>(initialState: Counter.State())
        return .sync { iterations in
          for _ in 0..<iterations { store.send(.increment) }
          BlackHole.consume(store.state.count)
        }
      })
  }

  /// `NestedStore.Send`: the leaf's `increment` sent from a store scoped ten levels deep.
  static var leafSend: Benchmark {
    Benchmark(
      name: "NestedStore.Send",
      library: {
        let root = NestedStores.root()
        let leaf = NestedStores.leaf(of: root)
        return .sync { iterations in
          for _ in 0..<iterations { leaf.send(.increment) }
          BlackHole.consume(NestedRoot.leafCount(root.state))
        }
      },
      baseline: manualLeafIncrement)
  }

  /// `NestedStore.Send.Depth1`: the leaf's `increment`, embedded nine levels by hand, sent from
  /// a store scoped one level deep; the same reducer work as `NestedStore.Send` through a
  /// shallower store.
  static var depth1Send: Benchmark {
    Benchmark(
      name: "NestedStore.Send.Depth1",
      library: {
        let root = NestedStores.root()
        let store = NestedStores.depth1(of: root)
        return .sync { iterations in
          for _ in 0..<iterations {
            store.send(
              .child(.child(.child(.child(.child(.child(.child(.child(.child(.increment))))))))))
          }
          BlackHole.consume(NestedRoot.leafCount(root.state))
        }
      },
      baseline: manualLeafIncrement)
  }

  /// `NestedStore.RootSend`: the leaf's `increment`, embedded ten levels by hand, sent to the
  /// root store.
  static var rootLeafSend: Benchmark {
    Benchmark(
      name: "NestedStore.RootSend",
      library: {
        let root = NestedStores.root()
        return .sync { iterations in
          for _ in 0..<iterations { root.send(NestedRoot.leafIncrement) }
          BlackHole.consume(NestedRoot.leafCount(root.state))
        }
      },
      baseline: manualLeafIncrement)
  }

  /// The hand-written baseline of the nested sends: the embedded leaf action switched through
  /// the ten levels by hand.
  private static func manualLeafIncrement() -> Workload {
    let store = ManualStore<NestedRoot>(initialState: NestedRoot.initialState)
    return .sync { iterations in
      for _ in 0..<iterations { store.send(NestedRoot.leafIncrement) }
      BlackHole.consume(NestedRoot.leafCount(store.state))
    }
  }
}
