import Testing

@testable import TerminalUI

/// The renderer's cursor moves and style changes are the shortest of their alternatives.
@Suite struct ShortestSequenceTests {
  private func move(from: (row: Int, column: Int)?, to row: Int, _ column: Int) -> String {
    var bytes: [UInt8] = []
    CursorMotion.append(from: from, toRow: row, column: column, into: &bytes)
    #expect(bytes.count == CursorMotion.cost(from: from, toRow: row, column: column))
    return String(decoding: bytes, as: UTF8.self)
  }

  private func transition(from current: Style, to next: Style) -> String {
    var bytes: [UInt8] = []
    GraphicRendition.appendTransition(from: current, to: next, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func absolutePositionsLeaveOutTheirDefaults() {
    #expect(move(from: nil, to: 0, 0) == "\u{1B}[H")
    #expect(move(from: nil, to: 4, 0) == "\u{1B}[5H")
    #expect(move(from: nil, to: 0, 4) == "\u{1B}[;5H")
    #expect(move(from: nil, to: 11, 29) == "\u{1B}[12;30H")
  }

  @Test func movesAlongARowAreRelativeOrToAColumn() {
    #expect(move(from: (3, 10), to: 3, 11) == "\u{1B}[C")
    #expect(move(from: (3, 10), to: 3, 17) == "\u{1B}[7C")
    #expect(move(from: (3, 10), to: 3, 8) == "\u{8}\u{8}")
    #expect(move(from: (3, 40), to: 3, 20) == "\u{1B}[20D")
    #expect(move(from: (3, 40), to: 3, 2) == "\u{1B}[3G")
    #expect(move(from: (3, 40), to: 3, 0) == "\r")
  }

  @Test func movesAcrossRowsTakeTheShortestWay() {
    // The next line's start, two lines down, the same column further down, a row above.
    #expect(move(from: (3, 40), to: 4, 0) == "\r\n")
    #expect(move(from: (3, 40), to: 5, 0) == "\r\n\n")
    #expect(move(from: (2, 26), to: 11, 26) == "\u{1B}[9B")
    #expect(move(from: (9, 26), to: 8, 26) == "\u{1B}[A")
    #expect(move(from: (9, 26), to: 8, 27) == "\u{1B}[A\u{1B}[C")
    // Nothing relative is shorter than the position itself.
    #expect(move(from: (2, 34), to: 7, 21) == "\u{1B}[8;22H")
  }

  @Test func styleChangesAreTheShorterOfADiffAndAReset() {
    let bold = Style(bold: true)
    let boldRed = Style(foreground: .red, bold: true)
    #expect(transition(from: bold, to: bold) == "")
    #expect(transition(from: boldRed, to: .plain) == "\u{1B}[m")
    #expect(transition(from: bold, to: boldRed) == "\u{1B}[31m")
    #expect(transition(from: boldRed, to: bold) == "\u{1B}[39m")
    // Bold off and faint on: `22;2` is shorter than `0;2` only with more to keep.
    #expect(transition(from: bold, to: Style(dim: true)) == "\u{1B}[0;2m")
    #expect(transition(from: boldRed, to: Style(foreground: .red, dim: true)) == "\u{1B}[22;2m")
    #expect(
      transition(from: Style(foreground: .cyan, bold: true, reverse: true), to: bold)
        == "\u{1B}[0;1m")
    #expect(transition(from: Style(reverse: true), to: Style(foreground: .red)) == "\u{1B}[0;31m")
  }
}
