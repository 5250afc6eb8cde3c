/// Why a JSON text was rejected, and where.
///
/// Messages never quote the input's strings, so a rejected line holding a password cannot leak
/// it: `invalid JSON at byte 17: expected ',' or '}'`.
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The kinds of failure.
  public enum Kind: Equatable, Sendable {
    /// The text is not JSON.
    case syntax
    /// The bytes are not valid UTF-8.
    case invalidUTF8
    /// Arrays and objects nest deeper than the parser's limit.
    case tooDeep
  }

  /// What kind of failure this is.
  public var kind: Kind
  /// The 0-based offset of the offending byte in the input.
  public var offset: Int
  /// What was expected or found, without quoting the input's strings.
  public var message: String

  /// Creates an error.
  public init(_ kind: Kind, at offset: Int, _ message: String) {
    self.kind = kind
    self.offset = offset
    self.message = message
  }

  /// `invalid JSON at byte 17: expected ',' or '}'`, or `invalid UTF-8 at byte 3: ...`.
  public var description: String {
    switch kind {
    case .syntax, .tooDeep: "invalid JSON at byte \(offset): \(message)"
    case .invalidUTF8: "invalid UTF-8 at byte \(offset): \(message)"
    }
  }
}
