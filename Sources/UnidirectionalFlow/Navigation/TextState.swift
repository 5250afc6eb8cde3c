/// Text held in state: the title of an alert, the label of a button.
///
/// It is plain text, so it compares, hashes and crosses threads like a `String`; a front end
/// reads it with `String(state:)`. Write it as upstream's users do:
///
/// ```swift
/// AlertState { TextState("Quit this game?") }
/// TextState(verbatim: error.description)
/// let title: TextState = "Invalid second factor"
/// ```
///
/// Styling (bold, colours, fonts) is a SwiftUI matter and has no counterpart here.
public struct TextState: Hashable, Sendable {
  /// The text, as shown.
  fileprivate var text: String

  /// Text from any string, `TextState("Welcome, \(name)")` included.
  ///
  /// - Parameter content: The text.
  public init(_ content: some StringProtocol) {
    self.text = String(content)
  }

  /// Text exactly as given: there is no localization here, so this is ``init(_:)``, spelt as
  /// upstream's users spell text that must never be looked up in a table.
  ///
  /// - Parameter content: The text.
  public init(verbatim content: String) {
    self.text = content
  }

  /// The text of `lhs` followed by that of `rhs`.
  ///
  /// - Parameters:
  ///   - lhs: The first text.
  ///   - rhs: The text that follows it.
  /// - Returns: The joined text.
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(verbatim: lhs.text + rhs.text)
  }
}

extension TextState: ExpressibleByStringInterpolation {
  /// Text from a literal: `let title: TextState = "Quit?"`.
  ///
  /// - Parameter value: The text.
  public init(stringLiteral value: String) {
    self.text = value
  }
}

extension TextState: CustomStringConvertible, CustomDumpStringConvertible {
  /// The text itself.
  public var description: String { text }

  /// `TextState("…")`, so that a failing test's dump shows text, not a structure.
  public var customDumpDescription: String { "TextState(\(String(reflecting: text)))" }
}

extension String {
  /// The plain text of `state`: what a front end shows.
  ///
  /// - Parameter state: The text state.
  public init(state: TextState) {
    self = state.text
  }
}
