import Testing

@testable import TerminalUI

/// Printable ASCII is checked as it is written; text that turns out to be something else is
/// drawn again by the other paths, over the cells already written: the frame must show what
/// those paths alone would show.
@Suite struct ASCIITextTests {
  /// The characters of row 0.
  private static func row(_ frame: Frame) -> [Character] {
    (0..<frame.columns).map { frame[0, $0].character }
  }

  @Test func aMarkAfterTheASCIIStartJoinsItsLetter() {
    var frame = Frame(columns: 5, rows: 1)
    #expect(frame.put("ab\u{301}c", row: 0, column: 0) == 3)
    #expect(Self.row(frame) == ["a", "b\u{301}", "c", " ", " "])
  }

  @Test func aMarkJustPastTheLimitStillJoinsTheLastLetterDrawn() {
    var frame = Frame(columns: 5, rows: 1)
    #expect(frame.put("abe\u{301}x", row: 0, column: 0, maxWidth: 3) == 3)
    #expect(Self.row(frame) == ["a", "b", "e\u{301}", " ", " "])
  }

  @Test func aLetterThatAWideGraphemeJustPastTheLimitBeginsIsNotDrawn() {
    var frame = Frame(columns: 5, rows: 1)
    frame.put("zzzzz", row: 0, column: 0)
    // `#` and U+FE0F are one grapheme two columns wide: it does not fit in the third column.
    #expect(frame.put("ab#\u{FE0F}", row: 0, column: 0, maxWidth: 3) == 2)
    #expect(Self.row(frame) == ["a", "b", "z", "z", "z"])
    // Nor at the frame's edge.
    #expect(frame.put("yyyy#\u{FE0F}", row: 0, column: 0) == 4)
    #expect(Self.row(frame) == ["y", "y", "y", "y", "z"])
  }

  @Test func textClippedToNothingBeforeAWideGraphemeDrawsNothing() {
    var frame = Frame(columns: 3, rows: 1)
    frame.put("zzz", row: 0, column: 0)
    #expect(frame.put("\u{1F600}ab", row: 0, column: 0, maxWidth: 0) == 0)
    #expect(frame.put("ab", row: 0, column: 3) == 0)
    #expect(Self.row(frame) == ["z", "z", "z"])
  }

  @Test func aControlCharacterAfterTheASCIIStartIsAQuestionMark() {
    var frame = Frame(columns: 6, rows: 1)
    // CR LF is one character, one `?`.
    #expect(frame.put("ab\tc\r\nd", row: 0, column: 0) == 6)
    #expect(Self.row(frame) == ["a", "b", "?", "c", "?", "d"])
  }

  @Test func asciiOverHalfAWideCharacterBlanksItsOtherHalf() {
    var frame = Frame(columns: 6, rows: 1)
    frame.put("a漢b", row: 0, column: 1)
    #expect(frame.put("xyz", row: 0, column: 0) == 3)
    #expect(Self.row(frame) == ["x", "y", "z", " ", "b", " "])
    #expect((0..<6).allSatisfy { frame[0, $0].width == 1 })
  }
}
