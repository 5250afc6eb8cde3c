import Testing

/// Yields to other tasks until `condition` holds, for at most `limit` yields; never sleeps.
///
/// Used to wait until an effect has started sleeping on a test clock before advancing it.
@MainActor
func yield(
  until condition: () -> Bool, limit: Int = 100_000,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  for _ in 0..<limit {
    if condition() { return }
    await Task.yield()
  }
  Issue.record("The condition did not hold after \(limit) yields.", sourceLocation: sourceLocation)
}
