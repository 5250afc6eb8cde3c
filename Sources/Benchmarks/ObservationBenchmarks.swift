import UnidirectionalFlow

/// What observation costs where it is used; the baselines are the same operations on a store
/// whose state is not observable, so the ratio is observation's own cost.
@MainActor
enum ObservationBenchmarks {
  /// `ObservedStore.Access`: `store.count` read from a root store of an `@ObservableState`,
  /// which registers the read (no tracking in progress), against the same read of a plain
  /// state.
  static var access: Benchmark {
    Benchmark(
      name: "ObservedStore.Access",
      library: {
        let store = Store(initialState: ObservedCounter.State()) { ObservedCounter() }
        return measuredRead { store.count }
      },
      baseline: {
        let store = Store(initialState: Counter.State()) { Counter() }
        return measuredRead { store.count }
      })
  }

  /// `ObservedStore.Send`: a send that changes a field of an `@ObservableState` no tracking
  /// has read, against the same send on a plain state: what observation costs a state nobody
  /// tracks (its fields are then read and written straight).
  static var untrackedSend: Benchmark {
    Benchmark(
      name: "ObservedStore.Send",
      library: {
        let store = Store(initialState: ObservedCounter.State()) { ObservedCounter() }
        return .sync { iterations in
          for _ in 0..<iterations { store.send(.increment) }
          BlackHole.consume(store.state.count)
        }
      },
      baseline: {
        let store = Store(initialState: Counter.State()) { Counter() }
        return .sync { iterations in
          for _ in 0..<iterations { store.send(.increment) }
          BlackHole.consume(store.state.count)
        }
      })
  }

  /// `ObservedStore.Render`: a send that changes what an ``observe(_:)`` renderer read, which
  /// re-runs it, against the same send with a `subscribe` callback on a plain state.
  static var render: Benchmark {
    Benchmark(
      name: "ObservedStore.Render",
      library: {
        let store = Store(initialState: ObservedCounter.State()) { ObservedCounter() }
        var rendered = 0
        let token = observe { rendered = store.count }
        return .sync { iterations in
          for _ in 0..<iterations { store.send(.increment) }
          BlackHole.consume(rendered)
          withExtendedLifetime(token) {}
        }
      },
      baseline: {
        let store = Store(initialState: RenderedCounter()) { RenderedCounter.Feature() }
        var rendered = 0
        let subscription = store.subscribe { rendered = $0.count }
        return .sync { iterations in
          for _ in 0..<iterations { store.send(.increment) }
          BlackHole.consume(rendered)
          withExtendedLifetime(subscription) {}
        }
      })
  }

  /// A workload that calls `read` once per operation, library and baseline alike.
  private static func measuredRead(_ read: @escaping @MainActor () -> Int) -> Workload {
    let read = opaque(read)
    return .sync { iterations in
      for _ in 0..<iterations { BlackHole.consume(read()) }
    }
  }

  /// Returns `read` through a call the optimizer cannot see into (see ``AccessBenchmarks``).
  @inline(never)
  private static func opaque(_ read: @escaping @MainActor () -> Int) -> @MainActor () -> Int {
    read
  }
}

/// The plain counter's state, `Equatable` so that a `subscribe` callback can render it.
struct RenderedCounter: Equatable {
  /// How many times the counter was incremented.
  var count = 0

  /// Its feature: ``Counter``'s logic on this state.
  struct Feature: Reducer {
    var body: some Reducer<RenderedCounter, Counter.Action> {
      Reduce { state, _ in
        state.count &+= 1
        return .none
      }
    }
  }
}
