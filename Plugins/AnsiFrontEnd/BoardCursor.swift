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
