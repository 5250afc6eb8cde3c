extension Three<Three<Player?>> {
  /// A board with no mark on it.
  public static var empty: Self {
    Self(repeating: Three<Player?>(repeating: nil))
  }

  /// Whether every cell holds a mark.
  public var isFilled: Bool {
    allSatisfy { row in row.allSatisfy { $0 != nil } }
  }

  /// The player holding a complete row, column or diagonal, if any.
  public var winner: Player? {
    for line in winningLines {
      let (a, b, c) = (self[line.0], self[line.1], self[line.2])
      if let player = a, a == b, b == c { return player }
    }
    return nil
  }

  /// The cell at `cell`, as `(row, column)`.
  private subscript(cell: (row: Int, column: Int)) -> Player? {
    self[cell.row][cell.column]
  }
}

/// The 8 lines that win a game, each as three `(row, column)` cells: 3 rows, 3 columns and the
/// 2 diagonals.
private let winningLines: [((Int, Int), (Int, Int), (Int, Int))] = [
  ((0, 0), (0, 1), (0, 2)),
  ((1, 0), (1, 1), (1, 2)),
  ((2, 0), (2, 1), (2, 2)),
  ((0, 0), (1, 0), (2, 0)),
  ((0, 1), (1, 1), (2, 1)),
  ((0, 2), (1, 2), (2, 2)),
  ((0, 0), (1, 1), (2, 2)),
  ((0, 2), (1, 1), (2, 0)),
]
