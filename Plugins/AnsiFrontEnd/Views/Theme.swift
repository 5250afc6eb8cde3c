import FrontEndKit
import TerminalUI

/// The styles of the ANSI front end. Focus and the header use attributes (reverse video,
/// underline, bold), so everything stays legible when `NO_COLOR` removes the colours.
enum Theme {
  // Chrome, forms and buttons.
  static let header = Style(bold: true, reverse: true)
  static let heading = Style(bold: true)
  static let hint = Style(dim: true)
  static let label = Style.plain
  static let focusedLabel = Style(bold: true)
  static let field = Style(underline: true)
  static let focusedField = Style(bold: true, underline: true)
  static let placeholder = Style(dim: true, underline: true)
  static let textCursor = Style(reverse: true)
  static let button = Style.plain
  static let focusedButton = Style(bold: true, reverse: true)
  static let disabledButton = Style(dim: true)
  static let activity = Style(foreground: .magenta, bold: true)
  static let alertBorder = Style(foreground: .yellow, bold: true)
  static let alertText = Style(bold: true)
  static let message = Style(foreground: .yellow)
  static let commandLine = Style.plain
  // The game.
  static let grid = Style(dim: true)
  static let winnerTitle = Style(foreground: .green, bold: true)
  static let tieTitle = Style(foreground: .yellow, bold: true)
  /// The arrows either side of a mark on the winning line.
  static let winningMarker = Style(foreground: .green, bold: true)

  /// A mark on the winning line: underlined as well as coloured, so `NO_COLOR` shows it too.
  static func winningMark(_ mark: Mark) -> Style {
    var style = Self.mark(mark, highlighted: false)
    style.isUnderlined = true
    return style
  }

  /// The style of an empty part of a board cell: reversed under the cursor.
  static func cell(highlighted: Bool) -> Style {
    Style(reverse: highlighted)
  }

  /// The style of a player's mark, highlighted when the cursor is on its cell.
  static func mark(_ mark: Mark, highlighted: Bool) -> Style {
    let color: Color? =
      switch mark {
      case .x: .red
      case .o: .cyan
      case .none: nil
      }
    return Style(foreground: color, bold: mark != .none, reverse: highlighted)
  }
}
