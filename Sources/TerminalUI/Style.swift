/// How a cell is drawn: colours and attributes, turned into SGR sequences by ``Renderer``.
///
/// ```swift
/// frame.put("X", row: 2, column: 4, style: Style(foreground: .cyan, bold: true))
/// ```
public struct Style: Hashable, Sendable {
  /// The text colour, or `nil` for the terminal's default.
  public var foreground: Color?
  /// The background colour, or `nil` for the terminal's default.
  public var background: Color?
  /// Bold (or bright) text.
  public var isBold: Bool
  /// Faint text.
  public var isDim: Bool
  /// Underlined text.
  public var isUnderlined: Bool
  /// Foreground and background swapped; visible without colours, so it marks focus.
  public var isReversed: Bool

  /// The terminal's default look.
  public static let plain = Style()

  /// Creates a style; everything is off by default.
  public init(
    foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false,
    underline: Bool = false, reverse: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.isBold = bold
    self.isDim = dim
    self.isUnderlined = underline
    self.isReversed = reverse
  }

  /// The same style without colours, for terminals where `NO_COLOR` is set.
  public var withoutColors: Style {
    var style = self
    style.foreground = nil
    style.background = nil
    return style
  }
}
