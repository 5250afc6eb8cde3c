/// One of the 16 colours every ANSI terminal knows, as foreground or background.
///
/// ```swift
/// let style = Style(foreground: .red, bold: true)
/// ```
public enum Color: UInt8, Hashable, Sendable, CaseIterable {
  /// Black (SGR 30 / 40).
  case black = 0
  /// Red (SGR 31 / 41).
  case red
  /// Green (SGR 32 / 42).
  case green
  /// Yellow (SGR 33 / 43).
  case yellow
  /// Blue (SGR 34 / 44).
  case blue
  /// Magenta (SGR 35 / 45).
  case magenta
  /// Cyan (SGR 36 / 46).
  case cyan
  /// White (SGR 37 / 47).
  case white
  /// Bright black (SGR 90 / 100).
  case brightBlack
  /// Bright red (SGR 91 / 101).
  case brightRed
  /// Bright green (SGR 92 / 102).
  case brightGreen
  /// Bright yellow (SGR 93 / 103).
  case brightYellow
  /// Bright blue (SGR 94 / 104).
  case brightBlue
  /// Bright magenta (SGR 95 / 105).
  case brightMagenta
  /// Bright cyan (SGR 96 / 106).
  case brightCyan
  /// Bright white (SGR 97 / 107).
  case brightWhite

  /// The SGR parameter selecting this colour as the foreground (30–37, 90–97).
  var foregroundParameter: Int {
    rawValue < 8 ? 30 + Int(rawValue) : 90 + Int(rawValue - 8)
  }

  /// The SGR parameter selecting this colour as the background (40–47, 100–107).
  var backgroundParameter: Int {
    rawValue < 8 ? 40 + Int(rawValue) : 100 + Int(rawValue - 8)
  }
}
