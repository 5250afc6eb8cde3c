import TerminalUI

/// An alert drawn as a box over the content, centred: its title, wrapped, and how to dismiss it.
enum AlertBox {
  /// Draws the alert titled `title` over `rows` of `frame`.
  static func draw(_ title: String, in frame: inout Frame, rows: Range<Int>) {
    let width = min(frame.columns, max(32, min(52, title.terminalWidth + 6)))
    guard width >= 6, rows.count >= 3 else {
      frame.put(title + " (enter)", row: rows.lowerBound, column: 0, style: Theme.alertText)
      return
    }
    let inner = width - 4
    let text = Array(title.wrapped(toWidth: inner).prefix(max(1, rows.count - 5)))
    let footer = "enter to dismiss"
    let body = [""] + text + ["", footer]
    let height = min(rows.count, body.count + 2)
    let top = rows.lowerBound + max(0, (rows.count - height) / 2)
    let left = max(0, (frame.columns - width) / 2)
    let horizontal = String(repeating: "─", count: width - 2)
    frame.put("┌" + horizontal + "┐", row: top, column: left, style: Theme.alertBorder)
    for (offset, line) in body.prefix(height - 2).enumerated() {
      let row = top + 1 + offset
      frame.put("│", row: row, column: left, style: Theme.alertBorder)
      frame.fill(row: row, column: left + 1, width: width - 2)
      let isFooter = line == footer && offset == body.count - 1
      let column = left + 1 + max(0, (width - 2 - line.terminalWidth) / 2)
      frame.put(
        line, row: row, column: column, style: isFooter ? Theme.hint : Theme.alertText,
        maxWidth: inner)
      frame.put("│", row: row, column: left + width - 1, style: Theme.alertBorder)
    }
    frame.put("└" + horizontal + "┘", row: top + height - 1, column: left, style: Theme.alertBorder)
  }
}
