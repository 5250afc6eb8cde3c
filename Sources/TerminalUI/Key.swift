/// A key press decoded from terminal input by ``InputDecoder``.
///
/// Letters are characters: what `h`, `j`, `k`, `l` or `q` mean is up to the application.
///
/// ```swift
/// switch key {
/// case .up, .character("k"): moveUp()
/// case .control("c"): quit()
/// default: break
/// }
/// ```
public enum Key: Hashable, Sendable {
  /// A printable character (UTF-8 decoded).
  case character(Character)
  /// Arrow up (`ESC [ A` or `ESC O A`).
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page up.
  case pageUp
  /// Page down.
  case pageDown
  /// Insert.
  case insert
  /// Forward delete (`ESC [ 3 ~`).
  case delete
  /// Enter or return (CR, LF, or keypad enter).
  case enter
  /// Tab.
  case tab
  /// Shift-tab (`ESC [ Z`).
  case backTab
  /// Backspace (DEL or BS).
  case backspace
  /// Escape pressed on its own.
  case escape
  /// A control key other than those above, named by its lowercase letter: Ctrl-C is
  /// `.control("c")`.
  case control(Character)
  /// A recognised escape sequence this decoder has no key for (F5, say).
  case unknown

  /// Whether this is a printable character (what a text field would insert).
  public var isCharacter: Bool {
    if case .character = self { true } else { false }
  }

  /// Ctrl-C: with raw mode on, the terminal sends it as a byte instead of raising SIGINT.
  public static let interrupt = Key.control("c")
  /// Ctrl-\: with raw mode on, the terminal sends it as a byte instead of raising SIGQUIT.
  public static let quitSignal = Key.control("\\")
  /// Ctrl-D: end of input in a cooked terminal.
  public static let endOfTransmission = Key.control("d")
  /// Ctrl-Z: with raw mode on, the terminal sends it as a byte instead of raising SIGTSTP.
  public static let suspend = Key.control("z")
}
