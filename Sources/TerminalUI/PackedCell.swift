/// A ``Cell`` as a ``Frame`` stores it: two plain words, so that composing a frame and
/// comparing rows copy and compare integers, never a `Character` (whose string needs reference
/// counting and a Unicode-aware comparison for every cell).
struct PackedCell: Equatable, Sendable {
  /// The grapheme's UTF-8 bytes, first byte lowest, with their count in the top byte; or, with
  /// ``longGlyphFlag`` set, the index of a grapheme longer than 7 bytes in its frame's
  /// `longGlyphs` (compared by content: the index means nothing in another frame).
  var glyph: UInt64
  /// The style and width, packed by ``pack(_:width:)``.
  var look: UInt64

  /// Marks a glyph that is an index into the frame's long graphemes.
  static let longGlyphFlag: UInt64 = 1 << 63
  /// The most UTF-8 bytes a glyph holds inline.
  static let inlineCapacity = 7

  /// A blank cell in the default style.
  static let blank = PackedCell(glyph: ascii(0x20), look: pack(.plain, width: 1))

  /// Whether the glyph is an index into the frame's long graphemes.
  var isLong: Bool { glyph & Self.longGlyphFlag != 0 }

  /// Columns the character takes: 1, 2 for a wide character, 0 for a continuation cell.
  var width: UInt8 { UInt8(truncatingIfNeeded: look >> 16) & 0b11 }

  /// How the character is drawn.
  var style: Style { Self.style(of: look) }

  /// The glyph of one ASCII byte.
  static func ascii(_ byte: UInt8) -> UInt64 {
    UInt64(byte) | 1 << 56
  }

  /// The inline glyph of `character`, or `nil` when its UTF-8 is longer than 7 bytes.
  static func inlineGlyph(_ character: Character) -> UInt64? {
    var glyph: UInt64 = 0
    var count: UInt64 = 0
    for byte in character.utf8 {
      guard count < UInt64(inlineCapacity) else { return nil }
      glyph |= UInt64(byte) << (8 * count)
      count += 1
    }
    return glyph | count << 56
  }

  /// Appends the UTF-8 bytes of an inline glyph.
  static func appendInline(_ glyph: UInt64, into bytes: inout [UInt8]) {
    let count = Int(glyph >> 56)
    for index in 0..<count {
      bytes.append(UInt8(truncatingIfNeeded: glyph >> (8 * UInt64(index))))
    }
  }

  /// The character of an inline glyph.
  static func character(ofInline glyph: UInt64) -> Character {
    var bytes: [UInt8] = []
    appendInline(glyph, into: &bytes)
    return Character(String(decoding: bytes, as: UTF8.self))
  }

  /// `style` and `width` in one word: the colours in bits 0–4 and 5–9 (0 for the default,
  /// else the colour's raw value + 1), bold, dim, underline and reverse in bits 10–13, the
  /// width in bits 16–17.
  static func pack(_ style: Style, width: UInt8) -> UInt64 {
    var look = UInt64(style.foreground.map { $0.rawValue + 1 } ?? 0)
    look |= UInt64(style.background.map { $0.rawValue + 1 } ?? 0) << 5
    if style.isBold { look |= 1 << 10 }
    if style.isDim { look |= 1 << 11 }
    if style.isUnderlined { look |= 1 << 12 }
    if style.isReversed { look |= 1 << 13 }
    return look | UInt64(width & 0b11) << 16
  }

  /// `look` with its width replaced.
  static func look(_ look: UInt64, width: UInt8) -> UInt64 {
    look & ~(0b11 << 16) | UInt64(width & 0b11) << 16
  }

  /// The style packed in `look`.
  static func style(of look: UInt64) -> Style {
    func color(_ bits: UInt64) -> Color? {
      bits == 0 ? nil : Color(rawValue: UInt8(bits - 1))
    }
    return Style(
      foreground: color(look & 0b11111), background: color(look >> 5 & 0b11111),
      bold: look & 1 << 10 != 0, dim: look & 1 << 11 != 0, underline: look & 1 << 12 != 0,
      reverse: look & 1 << 13 != 0)
  }

  /// `look` without its colours, for terminals where `NO_COLOR` is set.
  static func withoutColors(_ look: UInt64) -> UInt64 {
    look & ~0b11_1111_1111
  }
}
