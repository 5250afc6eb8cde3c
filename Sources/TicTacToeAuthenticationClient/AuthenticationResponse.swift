/// What a successful ``AuthenticationClient`` call returns.
///
/// The token is a secret: dumps and descriptions of a response (test failure messages,
/// `_printChanges`) show `"<redacted>"` in its place.
public struct AuthenticationResponse: Equatable, Sendable {
  /// The session token, or the intermediate token to send with the second factor.
  public var token: String
  /// Whether the user must still enter a second factor before being signed in.
  public var twoFactorRequired: Bool

  /// Creates a response.
  public init(token: String, twoFactorRequired: Bool) {
    self.token = token
    self.twoFactorRequired = twoFactorRequired
  }
}

extension AuthenticationResponse: CustomReflectable {
  /// The fields with the token redacted, so reflection-based output never shows it.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "token": token.isEmpty ? "" : "<redacted>",
        "twoFactorRequired": twoFactorRequired,
      ],
      displayStyle: .struct)
  }
}
