import TerminalUI

/// A piece of text in one style.
struct Span: Equatable {
  /// The text, drawn left to right.
  var text: String
  /// How it is drawn.
  var style: Style = .plain
}

/// One line of a screen's content, made of spans. Optional lines (spacing, explanations) are
/// the first to go when the terminal is too short.
struct Line: Equatable {
  /// The pieces, drawn one after the other.
  var spans: [Span]
  /// Whether the line may be dropped when the terminal is too short.
  var isOptional = false

  /// An empty line that may be dropped.
  static let spacer = Line(spans: [], isOptional: true)

  /// A line of one span.
  init(_ text: String, style: Style = .plain, isOptional: Bool = false) {
    self.spans = [Span(text: text, style: style)]
    self.isOptional = isOptional
  }

  /// A line of several spans.
  init(spans: [Span], isOptional: Bool = false) {
    self.spans = spans
    self.isOptional = isOptional
  }
}
