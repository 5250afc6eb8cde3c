import UnidirectionalFlow
import UnidirectionalFlowMacros

/// The authentication API the login flow talks to: an interface only, so that features and their
/// tests never link a real implementation (the app links `TicTacToeAuthenticationClientLive`).
///
/// Contract: both endpoints throw an ``AuthenticationError`` when the request is rejected, and
/// `CancellationError` when the calling task is cancelled. Features turn the former into an alert
/// and drop the latter; any other error is a broken contract that they report as an issue.
///
/// ```swift
/// @Dependency(\.authenticationClient) var authenticationClient
/// let response = try await authenticationClient.login(email: "blob@pointfree.co", password: "password")
/// ```
///
/// `@DependencyClient` writes its initializer: an endpoint left out is unimplemented, so a
/// test gives only the endpoints it expects to be called (``testValue`` gives none).
@DependencyClient
public struct AuthenticationClient: Sendable {
  /// Signs in with an email and a password; the response says whether a second factor is needed.
  public var login:
    @Sendable (_ email: String, _ password: String) async throws -> AuthenticationResponse

  /// Completes a sign-in with the second factor `code` and the intermediate `token` that
  /// ``login`` returned.
  public var twoFactor:
    @Sendable (_ code: String, _ token: String) async throws -> AuthenticationResponse
}
