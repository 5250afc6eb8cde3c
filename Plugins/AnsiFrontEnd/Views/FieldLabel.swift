/// A field's label as ``Widgets/field(label:value:placeholder:focused:disabled:caret:)`` draws
/// it: the focus marker, the label and its padding to ``Widgets/labelWidth``, one string for
/// each focus, made once per view rather than on every keystroke, and drawn as one span.
struct FieldLabel {
  /// The label with the focus marker.
  let focused: String
  /// The label without it.
  let unfocused: String

  /// The label `text`, padded to the labels column.
  init(_ text: String) {
    let padding = Widgets.spaces(Widgets.labelWidth - 2 - text.terminalWidth)
    focused = "› " + text + padding
    unfocused = "  " + text + padding
  }
}
