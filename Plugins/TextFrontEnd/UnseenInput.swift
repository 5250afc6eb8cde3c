#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Standard input's echo, turned off while the password is typed at a terminal and back on
/// exactly as it was afterwards (or when the front end is detached).
final class UnseenInput {
  /// The terminal settings before echo was turned off; `nil` while echo is as it was.
  private var saved: termios?

  /// Whether standard input is a terminal.
  static var isTerminal: Bool { isatty(0) == 1 }

  /// Whether echo is off now.
  var isActive: Bool { saved != nil }

  /// Turns echo off (the line discipline still edits and ends lines); returns whether it did.
  func begin() -> Bool {
    guard saved == nil else { return true }
    var settings = termios()
    guard tcgetattr(0, &settings) == 0 else { return false }
    var unseen = settings
    unseen.c_lflag &= ~tcflag_t(ECHO | ECHOE | ECHOK | ECHONL)
    guard tcsetattr(0, TCSANOW, &unseen) == 0 else { return false }
    saved = settings
    return true
  }

  /// Puts back the settings found by ``begin()``.
  func end() {
    guard var settings = saved else { return }
    while tcsetattr(0, TCSANOW, &settings) != 0, errno == EINTR {}
    saved = nil
  }
}
