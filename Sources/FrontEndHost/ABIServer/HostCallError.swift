import TicTacToeFrontEndABI

/// Why a host routine refused a front end's call: the status it returns and the message
/// `last_error` then gives.
/// Messages never contain secrets.
public struct HostCallError: Error, Equatable, Sendable {
  /// The ABI status.
  public let status: ttt_status
  /// What was wrong, in one line.
  public let message: String

  /// An error with `status` and `message`.
  public init(status: ttt_status, message: String) {
    self.status = status
    self.message = message
  }

  /// A payload error (`TTT_ERR_INVALID_ARGUMENT`).
  public static func invalid(_ message: String) -> Self {
    Self(status: TTT_ERR_INVALID_ARGUMENT, message: message)
  }

  /// The feature is not on screen (`TTT_ERR_INACTIVE`).
  public static func inactive(_ message: String) -> Self {
    Self(status: TTT_ERR_INACTIVE, message: message)
  }

  /// An unknown tag, path or id (`TTT_ERR_UNKNOWN`).
  public static func unknown(_ message: String) -> Self {
    Self(status: TTT_ERR_UNKNOWN, message: message)
  }

  /// The front end was detached (`TTT_ERR_DETACHED`).
  public static var detached: Self {
    Self(status: TTT_ERR_DETACHED, message: "the front end is detached")
  }

  /// An action sent through a handle of another feature (`TTT_ERR_WRONG_FEATURE`).
  public static func wrongFeature(_ message: String) -> Self {
    Self(status: TTT_ERR_WRONG_FEATURE, message: message)
  }
}
