extension BenchmarkGroup {
  /// The `host` group: the `tictactoe` executable and its front ends. Needs the release products
  /// next to this executable: `swift build -c release && swift run -c release benchmarks host`.
  @MainActor
  static var host: BenchmarkGroup {
    BenchmarkGroup(
      name: "host",
      summary: "the tictactoe host: actions with front ends attached, JSON-lines, start-up",
      benchmarks: {
        [HostActionBenchmark.threeFrontEnds] + HostActionBenchmark.eachFrontEnd
          + [RemoteClientsBenchmark.sixtyFourClients]
      },
      targets: HostTargets.check,
      measurements: HostMeasurements.all,
      // Without the release products the front ends would not load, and every row would time
      // an action with none attached.
      unavailable: BuiltProducts.missing)
  }
}
