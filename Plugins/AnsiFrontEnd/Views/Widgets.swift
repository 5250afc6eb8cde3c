import TerminalUI

/// The building blocks of the forms: labelled text fields, buttons, the activity indicator.
enum Widgets {
  /// Width of the labels column.
  static let labelWidth = 11
  /// Width of a text field.
  static let fieldWidth = 30

  /// A labelled text field showing `value` (its end, when it is longer than the field), the
  /// placeholder while empty and unfocused, and a block cursor while focused.
  static func field(
    label: String, value: String, placeholder: String = "", focused: Bool, disabled: Bool = false
  ) -> Line {
    let marker = focused ? "› " : "  "
    var spans = [
      Span(
        text: marker + pad(label, labelWidth - 2), style: focused ? Theme.focusedLabel : Theme.label
      )
    ]
    let room = fieldWidth - (focused ? 1 : 0)
    if value.isEmpty && !focused && !placeholder.isEmpty {
      spans.append(Span(text: pad(placeholder, fieldWidth), style: Theme.placeholder))
      return Line(spans: spans)
    }
    let shown = tail(of: value, width: room)
    let style = disabled ? Theme.placeholder : focused ? Theme.focusedField : Theme.field
    spans.append(Span(text: shown, style: style))
    if focused && !disabled { spans.append(Span(text: " ", style: Theme.textCursor)) }
    let used = shown.terminalWidth + (focused && !disabled ? 1 : 0)
    spans.append(Span(text: String(repeating: " ", count: max(0, fieldWidth - used)), style: style))
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
    Span(text: String(repeating: " ", count: count))
  }

  /// `text` padded with spaces to `width` columns (or left as is when wider).
  static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.terminalWidth))
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
