import TerminalUI

/// An alert drawn as a box over the content, centred: its title, wrapped, and how to answer it.
enum AlertBox {
  /// The keys of an alert that only informs.
  static let dismissHint = "enter to dismiss"
  /// The keys of the game's quit confirmation.
  static let quitConfirmationHint = "y quit · n/esc keep playing"

  /// Draws the alert titled `title` over `rows` of `frame`, with `hint` (its keys) under it.
  static func draw(
    _ title: String, hint: String = dismissHint, in frame: inout Frame, rows: Range<Int>
  ) {
    let width = min(frame.columns, max(32, min(52, title.terminalWidth + 6)))
    guard width >= 6, rows.count >= 3 else {
      frame.put(title + " (\(hint))", row: rows.lowerBound, column: 0, style: Theme.alertText)
      return
    }
    let inner = width - 4
    let text = Array(title.wrapped(toWidth: inner).prefix(max(1, rows.count - 5)))
    let body =
      [Box.Row(text: "", style: Theme.alertText, isCentred: true)]
      + text.map { Box.Row(text: $0, style: Theme.alertText, isCentred: true) }
      + [
        Box.Row(text: "", style: Theme.alertText, isCentred: true),
        Box.Row(text: hint, style: Theme.hint, isCentred: true),
      ]
    Box.draw(body, width: width, in: &frame, rows: rows)
  }
}
