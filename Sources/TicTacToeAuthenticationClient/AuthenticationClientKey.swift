import UnidirectionalFlow

extension AuthenticationClient: TestDependencyKey {
  /// A client whose endpoints fail the current test, naming the endpoint, and throw; a test
  /// overrides the endpoints it expects to be called.
  public static let testValue = Self(
    login: { _, _ in
      reportIssue("Unimplemented: AuthenticationClient.login")
      throw UnimplementedEndpoint(name: "AuthenticationClient.login")
    },
    twoFactor: { _, _ in
      reportIssue("Unimplemented: AuthenticationClient.twoFactor")
      throw UnimplementedEndpoint(name: "AuthenticationClient.twoFactor")
    })
}

extension DependencyValues {
  /// The authentication API. Tests override it; the app gets the live client by linking
  /// `TicTacToeAuthenticationClientLive`.
  public var authenticationClient: AuthenticationClient {
    get { self[AuthenticationClient.self] }
    set { self[AuthenticationClient.self] = newValue }
  }
}

/// The error thrown by an endpoint of ``AuthenticationClient/testValue`` that a test called
/// without overriding it.
private struct UnimplementedEndpoint: Error, CustomStringConvertible {
  let name: String
  var description: String { "Unimplemented: \(name)" }
}
