/// Why an ``AuthenticationClient`` call was rejected; its description is the text shown to the
/// user in an alert.
public enum AuthenticationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The email is unknown or the password is wrong.
  case invalidUserPassword
  /// The second factor code is wrong.
  case invalidTwoFactor
  /// The intermediate token sent with the second factor is not one the server issued.
  case invalidIntermediateToken

  /// The message for the user.
  public var description: String {
    switch self {
    case .invalidUserPassword: "Unknown user or invalid password."
    case .invalidTwoFactor: "Invalid second factor (try 1234)"
    case .invalidIntermediateToken: "404!! What happened to your token there bud?!?!"
    }
  }
}
