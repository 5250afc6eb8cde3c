import UnidirectionalFlow

extension Effect where Action: Sendable {
  /// An effect that sends `action` every second of `clock` and never ends on its own: the timer
  /// of the ticking test features, which only cancellation stops.
  static func send(
    _ action: Action,
    everySecondOn clock: any Clock<Duration>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    .run(
      operation: { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(action)
        }
      },
      fileID: fileID,
      line: line)
  }
}
