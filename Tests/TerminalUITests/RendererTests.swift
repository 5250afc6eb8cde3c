import Testing

@testable import TerminalUI

@Suite struct RendererTests {
  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  private func gameFrame(mark: Character = " ") -> Frame {
    var frame = Frame(columns: 20, rows: 5)
    frame.put("Blob, place your X", row: 0, column: 1, style: Style(bold: true))
    frame.put(" \(mark) | O |   ", row: 2, column: 2, style: Style(foreground: .cyan))
    return frame
  }

  @Test func firstFrameClearsAndDrawsEverything() {
    var renderer = Renderer(colors: true)
    let output = text(renderer.render(gameFrame()))
    #expect(output.hasPrefix("\u{1B}[m\u{1B}[H\u{1B}[2J"))
    #expect(output.contains("Blob, place your X"))
    #expect(output.contains("| O |"))
  }

  @Test func identicalFrameWritesNothing() {
    var renderer = Renderer(colors: true)
    _ = renderer.render(gameFrame())
    #expect(renderer.render(gameFrame()).isEmpty)
  }

  @Test func oneChangedCellWritesOnlyThatCell() {
    var renderer = Renderer(colors: true)
    _ = renderer.render(gameFrame())
    let output = text(renderer.render(gameFrame(mark: "X")))
    // The first frame ended on row 3 in cyan: to column 4 (1-based) and the mark; the style
    // stays on for the next frame instead of a reset.
    #expect(output == "\u{1B}[4GX")
  }

  @Test func theStyleStaysOnBetweenFrames() {
    var renderer = Renderer(colors: true)
    var frame = Frame(columns: 10, rows: 3)
    frame.put("X", row: 0, column: 0, style: Style(foreground: .red, bold: true))
    _ = renderer.render(frame)
    frame.put("O", row: 2, column: 5, style: Style(foreground: .red, bold: true))
    // No reset after the X, so none is needed to draw the O in the same style.
    #expect(text(renderer.render(frame)) == "\u{1B}[3;6HO")
    frame.put("X", row: 2, column: 6, style: Style(foreground: .cyan, bold: true))
    #expect(text(renderer.render(frame)) == "\u{1B}[36mX")
  }

  @Test func invalidateRedrawsInFull() {
    var renderer = Renderer(colors: true)
    let first = renderer.render(gameFrame())
    renderer.invalidate()
    #expect(renderer.render(gameFrame()) == first)
  }

  @Test func newSizeRedrawsInFull() {
    var renderer = Renderer(colors: true)
    _ = renderer.render(gameFrame())
    var larger = Frame(columns: 30, rows: 6)
    larger.put("Blob", row: 0, column: 0)
    #expect(text(renderer.render(larger)) == "\u{1B}[m\u{1B}[H\u{1B}[2JBlob")
  }

  @Test func nearbyChangesOnOneRowReuseTheCursor() {
    var renderer = Renderer(colors: true)
    var before = Frame(columns: 10, rows: 1)
    before.put("abcdefghij", row: 0, column: 0)
    _ = renderer.render(before)
    var after = before
    after.put("X", row: 0, column: 2)
    after.put("Y", row: 0, column: 4)
    after.put("Z", row: 0, column: 9)
    // Row 1 goes without saying; "d" is rewritten instead of moving; the jump to "Z" is
    // relative.
    #expect(text(renderer.render(after)) == "\u{1B}[;3HXdY\u{1B}[4CZ")
  }

  @Test func removingAnAttributeResetsTheStyle() {
    var renderer = Renderer(colors: true)
    var before = Frame(columns: 4, rows: 1)
    before.put("ab", row: 0, column: 0, style: Style(reverse: true))
    _ = renderer.render(before)
    var after = Frame(columns: 4, rows: 1)
    after.put("a", row: 0, column: 0, style: Style(reverse: true))
    after.put("b", row: 0, column: 1, style: Style(foreground: .red))
    // A backspace from after "b"; a reset and the colour (`0;31`) are shorter than taking
    // reverse off and adding the colour (`27;31`).
    #expect(text(renderer.render(after)) == "\u{8}\u{1B}[0;31mb")
  }

  @Test func wideCharactersAreWrittenOnce() {
    var renderer = Renderer(colors: true)
    _ = renderer.render(Frame(columns: 6, rows: 1))
    var after = Frame(columns: 6, rows: 1)
    after.put("漢x", row: 0, column: 1)
    // The cursor is home after the clear: rewriting the blank before is cheaper than a move.
    // After a wide character the cursor is placed absolutely, whatever the terminal thinks.
    #expect(text(renderer.render(after)) == " 漢\u{1B}[;4Hx")
  }

  @Test func aRowThatEndsBlankIsErasedToTheEndOfTheLine() {
    var renderer = Renderer(colors: true)
    var before = Frame(columns: 20, rows: 1)
    before.put("Blub, place your O", row: 0, column: 0, style: Style(bold: true))
    _ = renderer.render(before)
    var after = Frame(columns: 20, rows: 1)
    after.put("Tied game!", row: 0, column: 0, style: Style(bold: true))
    // A carriage return, the changed letters, then one EL for the eight blanks: bold does not
    // show on a blank, so it stays on.
    #expect(text(renderer.render(after)) == "\rTied game!\u{1B}[K")
    // Three blanks or fewer are cheaper written (two backspaces back to them).
    var shorter = after
    shorter.put("Tied gam", row: 0, column: 0, style: Style(bold: true))
    shorter.fill(row: 0, column: 8, width: 2)
    #expect(text(renderer.render(shorter)) == "\u{8}\u{8}\u{1B}[m  ")
  }

  @Test func aLineWhoseStartGotShorterIsMovedByDeletingCharacters() {
    var renderer = Renderer(colors: true)
    let tail = " · q leave game · : command · ? help"
    var before = Frame(columns: 60, rows: 1)
    before.put(" hjkl move · enter place" + tail, row: 0, column: 0, style: Style(dim: true))
    _ = renderer.render(before)
    var after = Frame(columns: 60, rows: 1)
    after.put(" r again" + tail, row: 0, column: 0, style: Style(dim: true))
    let output = text(renderer.render(after))
    // The new start over the old one's first 7 cells, then the 16 cells left of the old start
    // deleted: the shared end moves left on the terminal, written by none of these bytes.
    // Faint does not show on the blanks the deletion brings in, so it stays on.
    #expect(output == "\u{1B}[;2Hr again\u{1B}[16P")
  }

  @Test func graphemesTooLongToPackCompareByContent() {
    var renderer = Renderer(colors: true)
    // A flag (8 UTF-8 bytes, one column here) and a family (a ZWJ sequence of 18 bytes, two
    // columns), kept by index in each frame: drawn in another order, the indices differ.
    var before = Frame(columns: 10, rows: 1)
    before.put("a🇫🇷👨‍👩‍👧", row: 0, column: 0)
    _ = renderer.render(before)
    var same = Frame(columns: 10, rows: 1)
    same.put("👨‍👩‍👧", row: 0, column: 2)
    same.put("a🇫🇷👨‍👩‍👧", row: 0, column: 0)
    #expect(same == before)
    #expect(renderer.render(same).isEmpty)
    var changed = Frame(columns: 10, rows: 1)
    changed.put("a🇫🇷🇫🇷", row: 0, column: 0)
    #expect(text(renderer.render(changed)).contains("🇫🇷"))
    #expect(changed[0, 2].character == "🇫🇷")
  }

  @Test func controlCharactersCannotReachTheTerminal() {
    var frame = Frame(columns: 10, rows: 1)
    frame.put("a\u{1B}[2Jb", row: 0, column: 0)
    var renderer = Renderer(colors: true)
    let output = text(renderer.render(frame))
    #expect(output.hasSuffix("a?[2Jb"))
  }
}
