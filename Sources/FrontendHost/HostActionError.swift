import TicTacToeFrontendABI

/// An error a host routine returns to a front end: a status code and the message `last_error`
/// then gives. Messages never contain secrets.
struct RoutineError: Error, Equatable {
  let status: ttt_status
  let message: String

  static func invalid(_ message: String) -> Self {
    Self(status: TTT_ERR_INVALID_ARGUMENT, message: message)
  }
  static func inactive(_ message: String) -> Self {
    Self(status: TTT_ERR_INACTIVE, message: message)
  }
  static func unknown(_ message: String) -> Self { Self(status: TTT_ERR_UNKNOWN, message: message) }
  static func wrongFeature(_ message: String) -> Self {
    Self(status: TTT_ERR_WRONG_FEATURE, message: message)
  }
}
