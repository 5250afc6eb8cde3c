/// Lets other tasks of the caller's actor run until `condition` holds: waits for an event (a
/// task reaching its suspension point), never for time. Returns whether it held within
/// `limit` turns, a bound that only stops a test whose event never comes.
@MainActor
public func yieldUntil(limit: Int = 100_000, _ condition: () -> Bool) async -> Bool {
  for _ in 0..<limit {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}
