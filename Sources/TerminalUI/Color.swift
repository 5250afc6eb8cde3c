/// One of the 16 colours every ANSI terminal knows, as foreground or background.
///
/// ```swift
/// let style = Style(foreground: .red, bold: true)
/// ```
public enum Color: UInt8, Hashable, Sendable, CaseIterable {
  case black = 0
  case red
  case green
  case yellow
  case blue
  case magenta
  case cyan
  case white
  case brightBlack
  case brightRed
  case brightGreen
  case brightYellow
  case brightBlue
  case brightMagenta
  case brightCyan
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
