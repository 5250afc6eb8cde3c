/// The escape sequences the front end sends besides cell contents (xterm / ECMA-48).
///
/// ```swift
/// output.write(ControlSequence.enterAlternateScreen + ControlSequence.hideCursor)
/// ```
public enum ControlSequence {
  /// Switches to the alternate screen, saving the normal one (and the cursor) for later.
  public static let enterAlternateScreen = "\u{1B}[?1049h"
  /// Returns to the normal screen as it was before ``enterAlternateScreen``.
  public static let leaveAlternateScreen = "\u{1B}[?1049l"
  /// Hides the text cursor.
  public static let hideCursor = "\u{1B}[?25l"
  /// Shows the text cursor.
  public static let showCursor = "\u{1B}[?25h"
  /// Resets colours and attributes to the terminal's default.
  public static let resetStyle = "\u{1B}[m"
  /// Moves the cursor home and clears the screen.
  public static let clearScreen = "\u{1B}[H\u{1B}[2J"
  /// Erases from the cursor to the end of its line, in the current background; the cursor
  /// stays.
  public static let eraseToEndOfLine = "\u{1B}[K"

  /// Appends the sequence that deletes `count` characters at the cursor (DCH): the rest of
  /// the line moves left, and blanks fill its end.
  static func appendDeleteCharacters(_ count: Int, into bytes: inout [UInt8]) {
    bytes.append(contentsOf: [0x1B, UInt8(ascii: "[")])
    if count != 1 { appendDecimal(count, into: &bytes) }
    bytes.append(UInt8(ascii: "P"))
  }

  /// Appends `value` in decimal without allocating a string.
  static func appendDecimal(_ value: Int, into bytes: inout [UInt8]) {
    if value >= 10 { appendDecimal(value / 10, into: &bytes) }
    bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
  }
}
