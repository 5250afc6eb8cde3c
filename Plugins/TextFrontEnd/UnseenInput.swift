#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Standard input's echo, turned off while the password is typed at a terminal and back on
/// exactly as it was afterwards (or when the front end is detached), and while the process is
/// stopped (Ctrl-Z): the shell gets the terminal as it was, and ``resume()`` turns echo off
/// again after `fg`, whatever the shell did to the terminal meanwhile.
final class UnseenInput {
  /// The terminal settings before echo was turned off; `nil` while no password is awaited.
  private var saved: termios?

  /// Whether standard input is a terminal.
  static var isTerminal: Bool { isatty(0) == 1 }

  /// Whether the next line is the password, typed unseen.
  var isActive: Bool { saved != nil }

  /// Turns echo off (the line discipline still edits and ends lines); returns whether it did.
  func begin() -> Bool {
    guard saved == nil else { return true }
    var settings = termios()
    guard tcgetattr(0, &settings) == 0 else { return false }
    guard Self.hideEcho(from: settings) else { return false }
    saved = settings
    return true
  }

  /// Puts echo back for a stop, still awaiting the password.
  func suspend() {
    guard var settings = saved else { return }
    while tcsetattr(0, TCSANOW, &settings) != 0, errno == EINTR {}
  }

  /// Turns echo off again after a stop; returns whether the password is awaited (and echo is
  /// off again).
  func resume() -> Bool {
    guard saved != nil else { return false }
    var settings = termios()
    // The terminal as the shell left it, which may differ from the settings found first.
    guard tcgetattr(0, &settings) == 0, Self.hideEcho(from: settings) else { return false }
    return true
  }

  /// Puts back the settings found by ``begin()``.
  func end() {
    guard var settings = saved else { return }
    while tcsetattr(0, TCSANOW, &settings) != 0, errno == EINTR {}
    saved = nil
  }

  /// Applies `settings` with echo off; returns whether it could.
  private static func hideEcho(from settings: termios) -> Bool {
    var unseen = settings
    unseen.c_lflag &= ~tcflag_t(ECHO | ECHOE | ECHOK | ECHONL)
    return tcsetattr(0, TCSANOW, &unseen) == 0
  }
}
