import TicTacToeAuthenticationClient
import UnidirectionalFlow

extension AuthenticationClient {
  /// The demo server: fixed credentials and a simulated network latency.
  ///
  /// - `login` accepts any email containing `@` with the password `password`, and asks for a
  ///   second factor when the email contains `2fa`; the token is `deadbeef`.
  /// - `twoFactor` accepts the token `deadbeef` with the code `1234`; the token is
  ///   `deadbeefdeadbeef`.
  ///
  /// Rejections are thrown at once. Successes arrive after `latency`, measured on
  /// `@Dependency(\.continuousClock)` as it is when the endpoint is called, so tests drive the
  /// wait with a test clock and a host can set the latency (zero included).
  ///
  /// ```swift
  /// $0.authenticationClient = .live(latency: .zero)
  /// ```
  public static func live(latency: Duration = .seconds(1)) -> Self {
    Self(
      login: { email, password in
        guard email.contains("@"), password == "password" else {
          throw AuthenticationError.invalidUserPassword
        }
        try await waitForLatency(latency)
        return AuthenticationResponse(token: "deadbeef", twoFactorRequired: email.contains("2fa"))
      },
      twoFactor: { code, token in
        guard token == "deadbeef" else { throw AuthenticationError.invalidIntermediateToken }
        guard code == "1234" else { throw AuthenticationError.invalidTwoFactor }
        try await waitForLatency(latency)
        return AuthenticationResponse(token: "deadbeefdeadbeef", twoFactorRequired: false)
      })
  }
}

/// Sleeps for `latency` on the clock dependency current in the calling task; throws
/// `CancellationError` if the task is cancelled meanwhile.
private func waitForLatency(_ latency: Duration) async throws {
  @Dependency(\.continuousClock) var clock
  try await clock.sleep(for: latency)
}
