import Foundation

/// A board read back from the terminal: `cells[row][column]` is "X", "O" or "".
struct Board: Equatable, CustomStringConvertible {
  var cells: [[String]]

  var description: String {
    cells.map { $0.map { $0.isEmpty ? "." : $0 }.joined() }.joined(separator: "/")
  }

  /// Parses a board written as `"X.O/.X./..."`.
  init(_ rows: String) {
    cells = rows.split(separator: "/").map { row in row.map { $0 == "." ? "" : String($0) } }
  }

  private init(cells: [[String]]) { self.cells = cells }

  /// The board drawn by the ansi front end: rows of cells separated by `│`, row bands separated
  /// by `┼` lines; a cell's mark is on one of its lines.
  static func ansi(_ screen: String) -> Board? {
    var rows: [[String]] = []
    var band: [String]?
    for line in screen.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.contains("┼") {
        if let current = band { rows.append(current) }
        band = nil
        continue
      }
      let parts = line.split(separator: "│", omittingEmptySubsequences: false)
      guard parts.count == 3 else {
        if let current = band, rows.count == 2 {
          rows.append(current)
          band = nil
        }
        continue
      }
      // The winning line's marks stand between arrows: ▶X◀.
      let marks = parts.map {
        $0.trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "▶◀")))
      }
      band = (0..<3).map { column in
        let previous = band?[column] ?? ""
        return previous.isEmpty ? marks[column] : previous
      }
    }
    if let band, rows.count == 2 { rows.append(band) }
    return rows.count == 3 ? Board(cells: rows) : nil
  }

  /// The last board printed by the text front end: lines `  1     | O |   ` after a title.
  static func text(_ screen: String) -> Board? {
    let lines = screen.split(separator: "\n").map(String.init)
    guard
      let header = lines.lastIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "1   2   3" }
      )
    else { return nil }
    let rows = lines[(header + 1)...].filter { $0.contains("|") }.prefix(3).map { line in
      line.dropFirst(6).split(separator: "|", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
    }
    guard rows.count == 3, rows.allSatisfy({ $0.count == 3 }) else { return nil }
    return Board(cells: rows)
  }
}
