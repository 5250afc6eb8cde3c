/// A measured loop: it performs one operation `iterations` times.
///
/// The loop lives inside the closure, so a measurement times the operations themselves and not
/// a call per operation. Whatever the operation needs (a store, a scoped store) is created
/// before the closure, outside the measurement.
enum Workload {
  /// A loop of synchronous operations.
  case sync(@MainActor (_ iterations: Int) -> Void)
  /// A loop of asynchronous operations, each awaited before the next starts.
  case async(@MainActor (_ iterations: Int) async -> Void)
}
