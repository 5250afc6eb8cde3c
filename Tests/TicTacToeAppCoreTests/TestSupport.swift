import Testing
import UnidirectionalFlow

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
