import UnidirectionalFlow

/// Running effects.
@MainActor
enum EffectBenchmarks {
  /// `Effect.RoundTrip`: `start` runs an effect that sends `response` back; measured from the
  /// send until the response has been processed and the effect has finished.
  static var roundTrip: Benchmark {
    Benchmark(
      name: "Effect.RoundTrip",
      library: {
        let store = Store(initialState: RoundTrip.State()) { RoundTrip() }
        return .async { iterations in
          for _ in 0..<iterations { await store.send(.start).finish() }
          precondition(store.responses >= iterations, "A response was not processed.")
          BlackHole.consume(store.responses)
        }
      },
      baseline: {
        let roundTrip = ManualRoundTrip()
        return .async { iterations in
          for _ in 0..<iterations { await roundTrip.start().value }
          BlackHole.consume(roundTrip.responses)
        }
      })
  }
}
