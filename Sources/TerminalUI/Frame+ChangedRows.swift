/// Which rows of a frame were written since they were last taken: a front end that keeps its
/// frame, draws into it only what changed and renders it after each change hands them to
/// ``Renderer/render(_:changedRows:into:)``, which then compares only those rows with what the
/// terminal shows instead of every row of the screen.
extension Frame {
  /// Marks `row` as written (the rows between the first and the last written are counted too:
  /// they are compared, which costs little when they did not change).
  mutating func markChanged(_ row: Int) {
    if changedRows.isEmpty {
      changedRows = row..<row + 1
    } else if row < changedRows.lowerBound {
      changedRows = row..<changedRows.upperBound
    } else if row >= changedRows.upperBound {
      changedRows = changedRows.lowerBound..<row + 1
    }
  }

  /// The rows written since the last call, from the first to the last (every row of a new
  /// frame); none are until the next write.
  ///
  /// - Returns: The range of rows that may differ from the frame as it was at the last call.
  public mutating func takeChangedRows() -> Range<Int> {
    defer { changedRows = 0..<0 }
    return changedRows
  }
}
