import Testing
import UnidirectionalFlow

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

extension CasePathable {
  /// Changes the payload of the case at `keyPath` in place; records an issue if `self` is in
  /// another case. Lets a test store assertion on an enum state read
  /// `$0.modify(\.login) { $0.email = "blob@pointfree.co" }`.
  mutating func modify<Value>(
    _ keyPath: CaseKeyPath<Self, Value>, _ body: (inout Value) -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let casePath = Self.casePath(keyPath)
    guard var value = casePath.extract(from: self) else {
      Issue.record("\(self) is not in the case \(keyPath).", sourceLocation: sourceLocation)
      return
    }
    body(&value)
    self = casePath.embed(value)
  }
}
