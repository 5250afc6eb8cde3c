import UnidirectionalFlow

extension AuthenticationClient: TestDependencyKey {
  /// A client whose endpoints are unimplemented: each one fails the current test, naming the
  /// endpoint, and throws; a test overrides the endpoints it expects to be called.
  public static let testValue = Self()
}

extension DependencyValues {
  /// The authentication API. Tests override it; the app gets the live client by linking
  /// `TicTacToeAuthenticationClientLive`.
  public var authenticationClient: AuthenticationClient {
    get { self[AuthenticationClient.self] }
    set { self[AuthenticationClient.self] = newValue }
  }
}
