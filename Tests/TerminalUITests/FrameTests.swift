import Testing

@testable import TerminalUI

@Suite struct FrameTests {
  @Test func textIsClippedToTheFrameAndWidth() {
    var frame = Frame(columns: 5, rows: 1)
    #expect(frame.put("abcdefgh", row: 0, column: 2) == 3)
    #expect(frame[0, 4].character == "c")
    #expect(frame.put("xyz", row: 0, column: 0, maxWidth: 2) == 2)
    #expect(frame[0, 2].character == "a")
    #expect(frame.put("nope", row: 3, column: 0) == 0)
  }

  @Test func wideCharactersTakeTwoCells() {
    var frame = Frame(columns: 4, rows: 1)
    #expect(frame.put("😀漢", row: 0, column: 0) == 4)
    #expect(frame[0, 0].width == 2)
    #expect(frame[0, 1].width == 0)
    frame.put("a", row: 0, column: 1)
    #expect(frame[0, 0] == .blank)
    #expect(frame.put("漢", row: 0, column: 3) == 0)
  }

  @Test func fillingOverHalfAWideCharacterBlanksItsOtherHalf() {
    var frame = Frame(columns: 8, rows: 2)
    frame.put("漢a漢b", row: 0, column: 0)
    // Cells 1 to 3: the second half of the first 漢 up to the first half of the second.
    frame.fill(row: 0, column: 1, width: 3, character: "-")
    #expect((0..<8).map { frame[0, $0].character } == [" ", "-", "-", "-", " ", "b", " ", " "])
    #expect((0..<8).allSatisfy { frame[0, $0].width == 1 })
    #expect((0..<8).allSatisfy { frame[1, $0] == .blank }, "the next row is left alone")
    frame.fill(row: 1, column: -3, width: 100, character: "=")
    #expect((0..<8).allSatisfy { frame[1, $0].character == "=" }, "clipped to the row")
  }
}

extension FrameTests {
  /// Text of scalars that are graphemes on their own (the status line's dots and arrows) is
  /// drawn scalar by scalar: each cell holds what the grapheme path would put there.
  @Test func standaloneScalarsFillOneCellEachOrTwoWhenWide() {
    let text = "·←↓↑→─┼│▶◀…é ⌚x"
    var frame = Frame(columns: 20, rows: 1)
    #expect(frame.put(text, row: 0, column: 1) == 16)
    var column = 1
    for character in text {
      #expect(frame[0, column].character == character)
      #expect(Int(frame[0, column].width) == character.terminalWidth)
      column += character.terminalWidth
    }
    #expect(frame[0, 15].width == 0)
    // Clipped before a wide character that does not fit, as the grapheme path clips it.
    var narrow = Frame(columns: 3, rows: 1)
    #expect(narrow.put("·⌚", row: 0, column: 0, maxWidth: 2) == 1)
    // A combining mark is not standalone: the grapheme path joins it to its letter.
    #expect(narrow.put("e\u{301}·", row: 0, column: 0) == 2)
    #expect(narrow[0, 0].character == "e\u{301}")
  }
}

@Suite struct TextWrappingTests {
  @Test func wrapsAtSpacesAndCutsLongWords() {
    #expect(
      "Invalid second factor (try 1234)".wrapped(toWidth: 16) == [
        "Invalid second", "factor (try", "1234)",
      ])
    #expect("abcdefgh ij".wrapped(toWidth: 3) == ["abc", "def", "gh", "ij"])
    #expect("".wrapped(toWidth: 10).isEmpty)
    #expect("漢字です".terminalWidth == 8)
  }

  /// Printable ASCII is wrapped byte by byte; the lines are the ones the general path, which
  /// goes character by character, finds for the same text with one letter made non-ASCII.
  @Test func printableASCIIWrapsAsAnyOtherText() {
    let texts = ["  a  bb   ccc dddddddd  ", "a bb ccc", "abcdefghi", "a b c d e f", " ", "a"]
    for text in texts {
      let nonASCII = text.replacingFirst("a", with: "é")
      for width in 1...10 {
        let lines = text.wrapped(toWidth: width)
        #expect(lines.map { $0.replacingFirst("a", with: "é") } == nonASCII.wrapped(toWidth: width))
      }
    }
    #expect(
      "  a  bb   ccc dddddddd  ".wrapped(toWidth: 3) == ["a", "bb", "ccc", "ddd", "ddd", "dd"])
  }
}

extension String {
  /// The text with its first `target` character replaced.
  fileprivate func replacingFirst(_ target: Character, with replacement: Character) -> String {
    guard let index = firstIndex(of: target) else { return self }
    var copy = self
    copy.replaceSubrange(index...index, with: String(replacement))
    return copy
  }
}
