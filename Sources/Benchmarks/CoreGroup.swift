extension BenchmarkGroup {
  /// The `core` group: the library's store, scoping, state access and effects against
  /// hand-written baselines, modelled on the upstream library's benchmark suite.
  @MainActor
  static var core: BenchmarkGroup {
    BenchmarkGroup(
      name: "core",
      summary: "store, scoping, state access and effects against hand-written baselines",
      benchmarks: {
        [
          SendBenchmarks.rootSend,
          SendBenchmarks.leafSend,
          SendBenchmarks.depth1Send,
          SendBenchmarks.rootLeafSend,
          ScopeBenchmarks.scope,
          ScopeBenchmarks.nestedScope,
          AccessBenchmarks.access,
          AccessBenchmarks.nestedAccess,
          ObservationBenchmarks.access,
          ObservationBenchmarks.untrackedSend,
          ObservationBenchmarks.render,
          EffectBenchmarks.roundTrip,
        ]
      },
      targets: CoreTargets.check,
      measurements: [
        GroupMeasurement(name: "Store.Scope.NewStores", run: CoreTargets.checkNewScopes)
      ])
  }
}
