// `unimplemented(_:)`: closures (and values) that stand for an implementation nobody gave, as
// the upstream library's users write the `testValue` of a dependency by hand:
//
//     static let testValue = APIClient(
//       fetch: unimplemented("APIClient.fetch"),
//       count: unimplemented("APIClient.count", placeholder: 0)
//     )
//
// Calling one reports an issue naming it (a failure in a test), then returns its placeholder
// or throws ``UnimplementedEndpoint``. The arguments it was called with are not shown: they may
// be secrets (a password given to a login endpoint).

/// A closure that reports an issue naming `description` when called, then returns
/// `placeholder`.
///
/// - Parameters:
///   - description: What the closure stands for, as `Client.endpoint`.
///   - placeholder: What the closure returns; nothing to give for a closure returning `Void`.
///   - fileID: The file an issue is reported against; the caller's by default.
///   - function: The function it was made in, named by the issue when `description` is empty.
///   - line: The line an issue is reported against; the caller's by default.
/// - Returns: The closure.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  function: StaticString = #function,
  line: UInt = #line
) -> @Sendable (repeat each Argument) -> Result {
  { (_: repeat each Argument) in
    _ = reportUnimplemented(description(), fileID: fileID, function: function, line: line)
    return placeholder()
  }
}

/// A throwing closure that reports an issue naming `description` when called, then throws
/// ``UnimplementedEndpoint``.
///
/// - Parameters:
///   - description: What the closure stands for, as `Client.endpoint`.
///   - fileID: The file an issue is reported against; the caller's by default.
///   - function: The function it was made in, named by the issue when `description` is empty.
///   - line: The line an issue is reported against; the caller's by default.
/// - Returns: The closure.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  function: StaticString = #function,
  line: UInt = #line
) -> @Sendable (repeat each Argument) throws -> Result {
  { (_: repeat each Argument) in
    throw reportUnimplemented(description(), fileID: fileID, function: function, line: line)
  }
}

/// A closure with a typed error that reports an issue naming `description` when called, then
/// throws `failure`.
///
/// - Parameters:
///   - description: What the closure stands for, as `Client.endpoint`.
///   - failure: The error the closure throws.
///   - fileID: The file an issue is reported against; the caller's by default.
///   - function: The function it was made in, named by the issue when `description` is empty.
///   - line: The line an issue is reported against; the caller's by default.
/// - Returns: The closure.
public func unimplemented<each Argument, Failure: Error, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  throwing failure: @autoclosure @escaping @Sendable () -> Failure,
  fileID: StaticString = #fileID,
  function: StaticString = #function,
  line: UInt = #line
) -> @Sendable (repeat each Argument) throws(Failure) -> Result {
  { (_: repeat each Argument) throws(Failure) in
    _ = reportUnimplemented(description(), fileID: fileID, function: function, line: line)
    throw failure()
  }
}

/// An asynchronous closure that reports an issue naming `description` when called, then
/// returns `placeholder`.
///
/// - Parameters:
///   - description: What the closure stands for, as `Client.endpoint`.
///   - placeholder: What the closure returns; nothing to give for a closure returning `Void`.
///   - fileID: The file an issue is reported against; the caller's by default.
///   - function: The function it was made in, named by the issue when `description` is empty.
///   - line: The line an issue is reported against; the caller's by default.
/// - Returns: The closure.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  function: StaticString = #function,
  line: UInt = #line
) -> @Sendable (repeat each Argument) async -> Result {
  { (_: repeat each Argument) in
    _ = reportUnimplemented(description(), fileID: fileID, function: function, line: line)
    return placeholder()
  }
}

/// An asynchronous, throwing closure that reports an issue naming `description` when called,
/// then throws ``UnimplementedEndpoint``.
///
/// - Parameters:
///   - description: What the closure stands for, as `Client.endpoint`.
///   - fileID: The file an issue is reported against; the caller's by default.
///   - function: The function it was made in, named by the issue when `description` is empty.
///   - line: The line an issue is reported against; the caller's by default.
/// - Returns: The closure.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  function: StaticString = #function,
  line: UInt = #line
) -> @Sendable (repeat each Argument) async throws -> Result {
  { (_: repeat each Argument) in
    throw reportUnimplemented(description(), fileID: fileID, function: function, line: line)
  }
}

/// An asynchronous closure with a typed error that reports an issue naming `description` when
/// called, then throws `failure`.
///
/// - Parameters:
///   - description: What the closure stands for, as `Client.endpoint`.
///   - failure: The error the closure throws.
///   - fileID: The file an issue is reported against; the caller's by default.
///   - function: The function it was made in, named by the issue when `description` is empty.
///   - line: The line an issue is reported against; the caller's by default.
/// - Returns: The closure.
public func unimplemented<each Argument, Failure: Error, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  throwing failure: @autoclosure @escaping @Sendable () -> Failure,
  fileID: StaticString = #fileID,
  function: StaticString = #function,
  line: UInt = #line
) -> @Sendable (repeat each Argument) async throws(Failure) -> Result {
  { (_: repeat each Argument) async throws(Failure) in
    _ = reportUnimplemented(description(), fileID: fileID, function: function, line: line)
    throw failure()
  }
}

/// Reports an issue naming `description` right away, and returns `placeholder`: for a value
/// (not a closure) that a test must not read.
///
/// - Parameters:
///   - description: What the value stands for.
///   - placeholder: The value returned.
///   - fileID: The file an issue is reported against; the caller's by default.
///   - function: The function it was read in, named by the issue when `description` is empty.
///   - line: The line an issue is reported against; the caller's by default.
/// - Returns: `placeholder`.
@_disfavoredOverload
public func unimplemented<Result>(
  _ description: @autoclosure () -> String = "",
  placeholder: @autoclosure () -> Result,
  fileID: StaticString = #fileID,
  function: StaticString = #function,
  line: UInt = #line
) -> Result {
  _ = reportUnimplemented(description(), fileID: fileID, function: function, line: line)
  return placeholder()
}

/// Reports the call of an unimplemented closure: named by `description`, or, without one, by
/// where it was made.
private func reportUnimplemented(
  _ description: String, fileID: StaticString, function: StaticString, line: UInt
) -> UnimplementedEndpoint {
  let name =
    description.isEmpty ? "the closure made in \(function) at \(fileID):\(line)" : description
  return UnimplementedEndpoint.report(name, fileID: fileID, line: line)
}
