import Testing

@testable import TerminalUI

/// The renderer's look at a changed row goes a block of cells at a time (one `memcmp`): the
/// first and last changed cells and the count of changed cells must be what a comparison cell
/// by cell finds, wherever the changes fall against the blocks' edges.
@Suite struct RowComparisonTests {
  /// Frames 80 columns wide (ten blocks), the second with `changed` columns of row 1 written.
  private static func frames(changing changed: [Int]) -> (before: Frame, after: Frame) {
    var before = Frame(columns: 80, rows: 3)
    before.put(String(repeating: "abcdefgh", count: 10), row: 1, column: 0)
    var after = before
    for column in changed { after.put("#", row: 1, column: column) }
    return (before, after)
  }

  @Test(arguments: [
    [0], [7], [8], [15], [16], [79], [72], [71], [0, 79], [7, 8], [3, 40, 41, 77], Array(10..<30),
  ])
  func theFirstAndLastChangesAndTheCountAreTheCellByCellOnes(changed: [Int]) {
    let (before, after) = Self.frames(changing: changed)
    #expect(after.firstChange(row: 1, from: 0, to: 80, in: before) == changed.min())
    #expect(after.lastChange(row: 1, in: before) == changed.max())
    #expect(after.changedCellCount(row: 1, from: before) == changed.count)
    // From a column past the first change, and on a row with none.
    if let second = changed.dropFirst().first {
      #expect(after.firstChange(row: 1, from: changed[0] + 1, to: 80, in: before) == second)
    }
    #expect(after.firstChange(row: 0, from: 0, to: 80, in: before) == 80)
    #expect(after.lastChange(row: 0, in: before) == -1)
    #expect(after.changedCellCount(row: 0, from: before) == 0)
  }

  @Test func graphemesTooLongToPackAreComparedByContentFromTheEndToo() {
    var before = Frame(columns: 20, rows: 1)
    before.put("👩‍👩‍👧 a", row: 0, column: 0)
    var after = Frame(columns: 20, rows: 1)
    after.put("👩‍👩‍👧 b", row: 0, column: 0)
    #expect(after.lastChange(row: 0, in: before) == 3)
    #expect(after.firstChange(row: 0, from: 0, to: 20, in: before) == 3)
    #expect(after.changedCellCount(row: 0, from: before) == 1)
  }

  /// One-column scalars go in one pass over one-column cells; over half of a wide character
  /// they take the cell by cell path, which blanks the other half.
  @Test func narrowScalarsOverAWideCharacterBlankItsOtherHalf() {
    var frame = Frame(columns: 6, rows: 1)
    frame.put("漢字", row: 0, column: 0)
    #expect(frame.put("›·", row: 0, column: 1) == 2)
    #expect((0..<4).map { frame[0, $0].character } == [" ", "›", "·", " "])
    #expect((0..<6).allSatisfy { frame[0, $0].width == 1 })
    // Over one-column cells, clipped to the width asked for.
    #expect(frame.put("›·→", row: 0, column: 3, maxWidth: 2) == 2)
    #expect((3..<6).map { frame[0, $0].character } == ["›", "·", " "])
  }
}
