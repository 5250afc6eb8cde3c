/// A terminal operation that failed, with the reason in one line.
public struct TerminalError: Error, CustomStringConvertible, Sendable {
  /// What went wrong.
  public var description: String

  /// Creates an error with a one-line message.
  public init(_ description: String) {
    self.description = description
  }
}
