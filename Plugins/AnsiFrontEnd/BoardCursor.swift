/// The highlighted cell of the board, moved with the arrow keys or hjkl.
struct BoardCursor: Equatable {
  /// 0...2, top to bottom.
  var row = 1
  /// 0...2, left to right.
  var column = 1

  /// Moves by `rows`, `columns`, staying on the board.
  mutating func move(rows: Int, columns: Int) {
    row = min(2, max(0, row + rows))
    column = min(2, max(0, column + columns))
  }
}

extension BoardCursor {
  /// The key under which the cursor is kept with the host, for the next `ansi` after a switch.
  static let noteKey = "boardCursor"

  /// The cursor as the host keeps it: `"1,2"` (row, column).
  var note: String { "\(row),\(column)" }

  /// The cursor a note describes, or `nil` if it describes none.
  init?(note: String) {
    let parts = note.split(separator: ",").compactMap { Int($0) }
    guard parts.count == 2, parts.allSatisfy((0...2).contains) else { return nil }
    self.init(row: parts[0], column: parts[1])
  }
}
