#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The terminal's input mode, switched to raw (every key at once, no echo, no signals from
/// Ctrl-C or Ctrl-Z) and back to exactly what it was.
///
/// ```swift
/// let mode = RawMode(descriptor: 0)
/// try mode.enter()   // saves the current termios, then goes raw
/// mode.restore()     // puts the saved termios back
/// ```
public final class RawMode {
  /// The terminal's file descriptor (standard input by default).
  public let descriptor: Int32
  /// The settings found when entering raw mode, restored by ``restore()``.
  private var saved: termios?

  /// Controls the terminal on `descriptor`; changes nothing yet.
  public init(descriptor: Int32 = 0) {
    self.descriptor = descriptor
  }

  /// Whether raw mode is on (entered and not yet restored).
  public var isRaw: Bool { saved != nil }

  /// Whether `descriptor` is a terminal.
  public static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// Saves the current settings and switches to raw mode. Does nothing if already raw.
  public func enter() throws(TerminalError) {
    guard saved == nil else { return }
    var original = termios()
    guard tcgetattr(descriptor, &original) == 0 else {
      throw TerminalError("cannot read the terminal's mode: \(String(cString: strerror(errno)))")
    }
    var raw = original
    cfmakeraw(&raw)
    withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
      controlCharacters[Int(VMIN)] = 1
      controlCharacters[Int(VTIME)] = 0
    }
    guard tcsetattr(descriptor, TCSADRAIN, &raw) == 0 else {
      throw TerminalError("cannot enter raw mode: \(String(cString: strerror(errno)))")
    }
    saved = original
  }

  /// Puts back exactly the settings saved by ``enter()``. Does nothing if not raw.
  public func restore() {
    guard var original = saved else { return }
    while tcsetattr(descriptor, TCSADRAIN, &original) != 0, errno == EINTR {}
    saved = nil
  }
}
