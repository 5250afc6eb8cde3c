/// Runs `operation` with dependencies changed by `update`, restoring them afterwards.
///
/// ```swift
/// let store = withDependencies {
///   $0.continuousClock = ImmediateClock()
/// } operation: {
///   Store(initialState: Feature.State()) { Feature() }
/// }
/// ```
///
/// - Parameters:
///   - update: Changes the current dependencies.
///   - operation: Runs with the changed dependencies.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues.current
  try update(&values)
  return try DependencyScope(values).enter(operation)
}

/// Runs the asynchronous `operation` with dependencies changed by `update`.
///
/// Tasks created inside inherit the changed values.
///
/// - Parameters:
///   - update: Changes the current dependencies.
///   - operation: Runs with the changed dependencies.
///   - isolation: The actor the call runs on: the caller's.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<R>(
  _ update: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R,
  isolation: isolated (any Actor)? = #isolation
) async rethrows -> R {
  var values = DependencyValues.current
  try await update(&values)
  return try await DependencyValues.$taskLocal.withValue(values) {
    try await operation()
  }
}
