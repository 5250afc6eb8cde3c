import UnidirectionalFlow

/// Reading state through a store.
@MainActor
enum AccessBenchmarks {
  /// `Store.Access`: the counter's count read from its root store.
  static var access: Benchmark {
    Benchmark(
      name: "Store.Access",
      library: {
        let store = Store(initialState: Counter.State()) { Counter() }
        return measuredRead { store.read(\.count) }
      },
      baseline: {
        let store = ManualStore<Counter>(initialState: Counter.State())
        return manualRead(store, \.count)
      })
  }

  /// `NestedStore.Access`: the leaf's count read from the store scoped ten levels deep.
  static var nestedAccess: Benchmark {
    Benchmark(
      name: "NestedStore.Access",
      library: {
        let leaf = NestedStores.leaf(of: NestedStores.root())
        return measuredRead { leaf.read(\.count) }
      },
      baseline: {
        let store = ManualStore<NestedRoot>(initialState: NestedRoot.initialState)
        return manualRead(
          store, \.child.child.child.child.child.child.child.child.child.child.count)
      })
  }

  /// The hand-written baseline of a read: a closure that reads a key path of the state.
  private static func manualRead<Feature>(
    _ store: ManualStore<Feature>, _ keyPath: KeyPath<Feature.State, Int>
  ) -> Workload {
    measuredRead { store.state[keyPath: keyPath] }
  }

  /// A workload that calls `read` once per operation, library and baseline alike.
  private static func measuredRead(_ read: @escaping @MainActor () -> Int) -> Workload {
    let read = opaque(read)
    return .sync { iterations in
      for _ in 0..<iterations { BlackHole.consume(read()) }
    }
  }

  /// Returns `read` through a call the optimizer cannot see into, so that the loop calls the
  /// closure as a store's caller calls a store, and cannot hoist the read out of the loop.
  @inline(never)
  private static func opaque(_ read: @escaping @MainActor () -> Int) -> @MainActor () -> Int {
    read
  }
}
