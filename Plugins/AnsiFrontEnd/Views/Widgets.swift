import TerminalUI

/// The building blocks of the forms: labelled text fields, buttons, the activity indicator.
enum Widgets {
  /// Width of the labels column.
  static let labelWidth = 11
  /// Width of a text field.
  static let fieldWidth = 30

  /// A labelled text field showing `value` (around the cursor, when it is longer than the
  /// field), the placeholder while empty and unfocused, and a block cursor while focused,
  /// `caret` characters before the end.
  ///
  /// The placeholder reads "e.g. blob@pointfree.co", so it differs from typed text without
  /// colour too (a plain capture, a monochrome terminal).
  static func field(
    label: FieldLabel, value: String, placeholder: String = "", focused: Bool,
    disabled: Bool = false, caret: Int = 0
  ) -> Line {
    // The marker, the label and its padding: one span, made once.
    var spans: [Span] = []
    spans.reserveCapacity(5)
    spans.append(
      focused
        ? Span(text: label.focused, style: Theme.focusedLabel)
        : Span(text: label.unfocused, style: Theme.label))
    if value.isEmpty && !focused && !placeholder.isEmpty {
      spans.append(Span(text: pad("e.g. " + placeholder, fieldWidth), style: Theme.placeholder))
      return Line(spans: spans)
    }
    let style = disabled ? Theme.placeholder : focused ? Theme.focusedField : Theme.field
    let showsCursor = focused && !disabled
    if let pieces = FieldPieces(ascii: value, caret: caret, showsCursor: showsCursor) {
      spans.append(Span(text: pieces.before, style: style))
      if showsCursor { spans.append(Span(text: pieces.under, style: Theme.textCursor)) }
      if !pieces.after.isEmpty { spans.append(Span(text: pieces.after, style: style)) }
      spans.append(Span(text: spaces(fieldWidth - pieces.width), style: style))
      return Line(spans: spans)
    }
    let split =
      caret == 0 ? value.endIndex : value.index(value.endIndex, offsetBy: -min(caret, value.count))
    let before = String(value[..<split])
    var rest = value[split...]
    // The cursor cell: the character under it, or a space at the end.
    let under = showsCursor ? String(rest.popFirst() ?? " ") : ""
    let after = String(rest)
    // Too long for the field: the text after the cursor gets at least half the room it needs.
    // Each piece is measured once; one that fits is shown as it is.
    let underWidth = under.terminalWidth
    let beforeWidth = before.terminalWidth
    let afterWidth = after.terminalWidth
    let room = fieldWidth - underWidth
    let afterRoom = min(afterWidth, max(room / 2, room - beforeWidth))
    let shownAfter = afterWidth <= afterRoom ? after : head(of: after, width: afterRoom)
    let shownAfterWidth = afterWidth <= afterRoom ? afterWidth : shownAfter.terminalWidth
    let beforeRoom = room - shownAfterWidth
    let shownBefore = beforeWidth <= beforeRoom ? before : tail(of: before, width: beforeRoom)
    let shownBeforeWidth = beforeWidth <= beforeRoom ? beforeWidth : shownBefore.terminalWidth
    spans.append(Span(text: shownBefore, style: style))
    if showsCursor { spans.append(Span(text: under, style: Theme.textCursor)) }
    spans.append(Span(text: shownAfter, style: style))
    let used = shownBeforeWidth + underWidth + shownAfterWidth
    spans.append(Span(text: spaces(fieldWidth - used), style: style))
    return Line(spans: spans)
  }

  /// A button: `[ Title ]`, reversed when focused, dim when disabled.
  static func button(_ title: String, focused: Bool, enabled: Bool = true) -> Span {
    let style = !enabled ? Theme.disabledButton : focused ? Theme.focusedButton : Theme.button
    return Span(text: "[ \(title) ]", style: style)
  }

  /// The activity indicator shown while a request is in flight, at the spinner's `frame`.
  static func activity(_ text: String, frame: Character) -> Span {
    Span(text: "\(frame) " + text, style: Theme.activity)
  }

  /// A gap of `count` spaces.
  static func gap(_ count: Int) -> Span {
    Span(text: spaces(count))
  }

  /// `text` padded with spaces to `width` columns (or left as is when wider).
  static func pad(_ text: String, _ width: Int) -> String {
    text + spaces(width - text.terminalWidth)
  }

  /// `count` spaces (none for a count below 1): made once for the widths the views use, so
  /// that padding a line on every change builds no string.
  static func spaces(_ count: Int) -> String {
    count < madeSpaces.count ? madeSpaces[max(0, count)] : String(repeating: " ", count: count)
  }

  /// Runs of spaces as long as a screen's widest line, by length.
  private static let madeSpaces = (0...Layout.blockWidth).map {
    String(repeating: " ", count: $0)
  }

  /// The end of `text` that fits in `width` columns, with `…` in front when cut.
  static func tail(of text: String, width: Int) -> String {
    guard text.terminalWidth > width, width > 1 else { return text }
    var shown = ""
    var used = 1
    for character in text.reversed() {
      let characterWidth = character.terminalWidth
      if used + characterWidth > width { break }
      shown.insert(character, at: shown.startIndex)
      used += characterWidth
    }
    return "…" + shown
  }

  /// The start of `text` that fits in `width` columns, with `…` at the end when cut.
  static func head(of text: String, width: Int) -> String {
    guard text.terminalWidth > width else { return text }
    guard width > 1 else { return width == 1 ? "…" : "" }
    var shown = ""
    var used = 1
    for character in text {
      let characterWidth = character.terminalWidth
      if used + characterWidth > width { break }
      shown.append(character)
      used += characterWidth
    }
    return shown + "…"
  }

  /// `text` fitted to `width` columns by shortening the longest of `names` in it (a player's
  /// name in a title), so the words around it stay whole: "Bartholomew…, place your X".
  /// Falls back to cutting the end when no name is long enough to give the room.
  static func fit(_ text: String, width: Int, shortening names: [String]) -> String {
    let excess = text.terminalWidth - width
    guard excess > 0 else { return text }
    for name in names.sorted(by: { $0.terminalWidth > $1.terminalWidth })
    where !name.isEmpty && text.contains(name) && name.terminalWidth - excess >= 2 {
      let shortened = head(of: name, width: name.terminalWidth - excess)
      if let range = text.firstRange(of: name) {
        var fitted = text
        fitted.replaceSubrange(range, with: shortened)
        if fitted.terminalWidth <= width { return fitted }
      }
    }
    return head(of: text, width: width)
  }
}
