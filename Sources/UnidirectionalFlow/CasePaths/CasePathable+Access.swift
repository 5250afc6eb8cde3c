extension CasePathable {
  /// Changes the payload of this value in place, if it is in the case named by `keyPath`;
  /// reports an issue (and leaves the value unchanged) if it is in another case.
  ///
  /// A test changes the expected state of an enum feature this way:
  ///
  /// ```swift
  /// await store.send(\.login.view.emailChanged, "a@b.c") {
  ///   $0.modify(\.login) { $0.email = "a@b.c" }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The case whose payload changes.
  ///   - yield: Changes the payload in place.
  ///   - fileID: The file an issue is reported against; the caller's by default.
  ///   - line: The line an issue is reported against; the caller's by default.
  public mutating func modify<Value>(
    _ keyPath: CaseKeyPath<Self, Value>,
    yield: (inout Value) -> Void,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    let path = Self.casePath(keyPath)
    guard var value = path.extract(from: self) else {
      reportIssue(
        "Cannot modify \(Self.self) via a case path to \(Value.self): the value is in another "
          + "case (\(self)).", fileID: fileID, line: line)
      return
    }
    yield(&value)
    self = path.embed(value)
  }

  /// The payload in the case named by the key path, or `nil`: `state.login?.email` on an enum
  /// declared `@dynamicMemberLookup`.
  ///
  /// - Parameter keyPath: The case.
  /// - Returns: The payload, or `nil` when this value is in another case.
  public subscript<Value>(dynamicMember keyPath: CaseKeyPath<Self, Value>) -> Value? {
    Self.casePath(keyPath).extract(from: self)
  }
}
