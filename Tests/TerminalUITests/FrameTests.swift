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
}
