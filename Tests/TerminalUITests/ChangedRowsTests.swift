import Testing

@testable import TerminalUI

/// A frame kept and drawn after each change tells the renderer which rows it wrote, and the
/// renderer compares only those: the bytes must be the ones a comparison of every row gives.
@Suite struct ChangedRowsTests {
  @Test func aFrameCountsTheRowsWrittenSinceTheyWereTaken() {
    var frame = Frame(columns: 10, rows: 6)
    #expect(frame.takeChangedRows() == 0..<6)
    #expect(frame.takeChangedRows().isEmpty)
    frame.put("x", row: 4, column: 0)
    frame.fill(row: 2, column: 0, width: 3)
    #expect(frame.takeChangedRows() == 2..<5)
    // Outside the frame nothing is written.
    frame.put("x", row: 7, column: 0)
    #expect(frame.takeChangedRows().isEmpty)
  }

  @Test func onlyTheChangedRowsGiveTheBytesOfAFullComparison() {
    var kept = Frame(columns: 20, rows: 6)
    var everyRow = Renderer(colors: true)
    var changedOnly = Renderer(colors: true)
    let edits: [(inout Frame) -> Void] = [
      { $0.put("Email  blob", row: 2, column: 1, style: Style(underline: true)) },
      { $0.put("Email  blub", row: 2, column: 1, style: Style(underline: true)) },
      { $0.put("› Log in", row: 4, column: 1, style: Style(reverse: true)) },
      { $0.fill(row: 2, column: 0, width: 20) },
      { _ in },
    ]
    for edit in edits {
      edit(&kept)
      var expected: [UInt8] = []
      everyRow.render(kept, into: &expected)
      var bytes: [UInt8] = []
      changedOnly.render(kept, changedRows: kept.takeChangedRows(), into: &bytes)
      #expect(bytes == expected)
    }
  }

  @Test func aFullRedrawLooksAtEveryRowWhateverItIsTold() {
    var frame = Frame(columns: 12, rows: 3)
    frame.put("TicTacToe", row: 1, column: 0)
    var renderer = Renderer(colors: true)
    let first = renderer.render(frame)
    renderer.invalidate()
    var again: [UInt8] = []
    renderer.render(frame, changedRows: 0..<0, into: &again)
    #expect(again == first)
    #expect(String(decoding: again, as: UTF8.self).contains("TicTacToe"))
  }
}
