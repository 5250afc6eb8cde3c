/// One character cell of a ``Frame``.
///
/// A wide character (CJK, most emoji) takes two cells: its own, with `width == 2`, and a
/// continuation cell after it with `width == 0` that is never written by itself.
public struct Cell: Hashable, Sendable {
  /// The grapheme shown; a space for an empty cell.
  public var character: Character
  /// How the character is drawn.
  public var style: Style
  /// Columns the character takes: 1, 2 for a wide character, 0 for a continuation cell.
  public var width: UInt8

  /// An empty cell in the default style.
  public static let blank = Cell(character: " ", style: .plain, width: 1)

  /// Creates a cell.
  public init(character: Character, style: Style, width: UInt8 = 1) {
    self.character = character
    self.style = style
    self.width = width
  }
}
