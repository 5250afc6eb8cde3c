/// Why the web front end refuses a request or its address: an HTTP status and one line for
/// people. No message repeats the token, nor what was sent as one.
public struct RequestRefusal: Error, Equatable, Sendable, CustomStringConvertible {
  /// The HTTP status: 400, 403, 404, 405, 409, 413, 503.
  public var status: Int
  /// What was wrong, for people.
  public var message: String

  /// A refusal with `status` and `message`.
  public init(status: Int, _ message: String) {
    self.status = status
    self.message = message
  }

  /// The message.
  public var description: String { message }

  /// A wrong or missing token.
  public static let wrongToken = RequestRefusal(
    status: 403, "wrong or missing token: open the URL the tictactoe host printed")

  /// A body over ``RequestRules/maximumBodySize``.
  public static let bodyTooLarge = RequestRefusal(
    status: 413, "the request body is over \(RequestRules.maximumBodySize) bytes")

  /// An argument of `--frontend web:ADDRESS` that names no address.
  static func badAddress(_ argument: String, _ hint: String) -> RequestRefusal {
    RequestRefusal(status: 400, "cannot listen on '\(argument)': \(hint)")
  }
}
