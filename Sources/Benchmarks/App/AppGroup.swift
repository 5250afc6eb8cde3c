extension BenchmarkGroup {
  /// The `app` group: this app's own reducer through a store, against the same logic written as
  /// a switch.
  @MainActor
  static var app: BenchmarkGroup {
    BenchmarkGroup(
      name: "app",
      summary: "the app's own reducer (login edit, move, full game) against a hand-written switch",
      benchmarks: {
        [
          AppBenchmarks.loginEdit, AppBenchmarks.hostLoginEdit, AppBenchmarks.move,
          AppBenchmarks.fullGame,
        ]
      },
      targets: AppTargets.check,
      measurements: [.checking("App.SameWork", AppTargets.checkSameWork)])
  }
}
