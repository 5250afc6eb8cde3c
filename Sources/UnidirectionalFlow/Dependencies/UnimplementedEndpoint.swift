/// The error an endpoint of a `@DependencyClient` throws when it is called without having been
/// given an implementation: the test that called it did not override it.
public struct UnimplementedEndpoint: Error, Hashable, Sendable, CustomStringConvertible {
  /// The endpoint, as `Client.endpoint`.
  public var name: String

  /// The error for the endpoint `name` (`Client.endpoint`).
  ///
  /// - Parameter name: The endpoint, as `Client.endpoint`.
  public init(name: String) {
    self.name = name
  }

  /// `Unimplemented: Client.endpoint was called`; the reported issue adds a full stop.
  public var description: String { "Unimplemented: \(name) was called" }

  /// Reports the call of the unimplemented endpoint `name` as an issue (a failure in a test),
  /// and returns the error for the endpoint to throw. `@DependencyClient` calls it.
  ///
  /// - Parameters:
  ///   - name: The endpoint, as `Client.endpoint`.
  ///   - fileID: The file an issue is reported against; the caller's by default.
  ///   - line: The line an issue is reported against; the caller's by default.
  /// - Returns: The error for the endpoint to throw.
  public static func report(
    _ name: String, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    let error = Self(name: name)
    reportIssue("\(error).", fileID: fileID, line: line)
    return error
  }
}
