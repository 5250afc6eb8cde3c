import Testing

@testable import TerminalUI

@Suite struct InputDecoderTests {
  private func decode(_ chunks: [[UInt8]]) -> [Key] {
    var decoder = InputDecoder()
    return chunks.flatMap { decoder.decode($0) }
  }

  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func printableAndControlKeys() {
    #expect(
      decode([bytes("hj\r\t\u{7F}\u{08}\u{03}\u{1C}\u{04}\n")]) == [
        .character("h"), .character("j"), .enter, .tab, .backspace, .backspace, .interrupt,
        .quitSignal, .endOfTransmission, .enter,
      ])
  }

  @Test func arrowsInBothForms() {
    #expect(
      decode([bytes("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}OD\u{1B}[Z\u{1B}[1;5A\u{1B}[3~")]) == [
        .up, .down, .right, .left, .backTab, .up, .delete,
      ])
  }

  @Test func sequencesSplitAcrossReads() {
    #expect(decode([[0x1B], bytes("[A")]) == [.up])
    #expect(decode([[0x1B, UInt8(ascii: "[")], bytes("B")]) == [.down])
    #expect(decode([[0x1B], [UInt8(ascii: "O")], bytes("C")]) == [.right])
    #expect(decode([bytes("\u{1B}[1;"), bytes("5"), bytes("D")]) == [.left])
    #expect(
      decode([bytes("x\u{1B}"), bytes("[Zy")]) == [.character("x"), .backTab, .character("y")])
  }

  @Test func utf8SplitAcrossReads() {
    let snowman = bytes("☃")
    #expect(decode([[snowman[0]], [snowman[1]], [snowman[2]]]) == [.character("☃")])
    let emoji = bytes("é😀")
    #expect(
      decode([Array(emoji[0..<3]), Array(emoji[3...])]) == [.character("é"), .character("😀")])
  }

  @Test func loneEscapeWaitsUntilFlushed() {
    var decoder = InputDecoder()
    #expect(decoder.decode([0x1B]).isEmpty)
    #expect(decoder.hasPendingBytes)
    #expect(decoder.flush() == [.escape])
    #expect(!decoder.hasPendingBytes)
  }

  @Test func escapeFollowedByAKeyIsBoth() {
    #expect(decode([bytes("\u{1B}\u{1B}[A")]) == [.escape, .up])
    #expect(decode([bytes("\u{1B}q")]) == [.escape, .character("q")])
  }

  @Test func invalidBytesAreSkipped() {
    #expect(
      decode([[0xFF, UInt8(ascii: "a"), 0xC3, UInt8(ascii: "b")]]) == [
        .character("a"), .character("b"),
      ])
  }
}
