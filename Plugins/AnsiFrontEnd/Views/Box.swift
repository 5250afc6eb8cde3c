import TerminalUI

/// A bordered box drawn over the content, centred in its rows: what the alert and the help
/// are drawn in.
enum Box {
  /// One line inside the box.
  struct Row {
    var text: String
    var style: Style
    /// Centred, or from the box's left edge after one space.
    var isCentred: Bool
  }

  /// Draws `body` in a box `width` columns wide over `rows` of `frame`, as many lines as fit.
  static func draw(_ body: [Row], width: Int, in frame: inout Frame, rows: Range<Int>) {
    let height = min(rows.count, body.count + 2)
    let top = rows.lowerBound + max(0, (rows.count - height) / 2)
    let left = max(0, (frame.columns - width) / 2)
    let horizontal = String(repeating: "─", count: max(0, width - 2))
    frame.put("┌" + horizontal + "┐", row: top, column: left, style: Theme.alertBorder)
    for (offset, line) in body.prefix(max(0, height - 2)).enumerated() {
      let row = top + 1 + offset
      frame.put("│", row: row, column: left, style: Theme.alertBorder)
      frame.fill(row: row, column: left + 1, width: width - 2)
      let indent = line.isCentred ? max(0, (width - 2 - line.text.terminalWidth) / 2) : 1
      frame.put(
        line.text, row: row, column: left + 1 + indent, style: line.style, maxWidth: width - 4)
      frame.put("│", row: row, column: left + width - 1, style: Theme.alertBorder)
    }
    frame.put("└" + horizontal + "┘", row: top + height - 1, column: left, style: Theme.alertBorder)
  }
}
