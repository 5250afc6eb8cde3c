extension AppSchema {
  /// One argument of an intent: its name (the JSON-lines member, the ABI's argument name), its
  /// kind, and whether it is secret.
  public struct Argument: Sendable, Equatable {
    /// What an argument holds.
    public enum Kind: Sendable, Equatable {
      /// Text (a C string; a JSON string).
      case text
      /// A whole number in `range` (an `int32` in C, of which only `range` is valid).
      case integer(ClosedRange<Int>)
    }

    /// Its name: `value`, `row`.
    public let name: String
    /// What it holds.
    public let kind: Kind
    /// Whether it is a secret (the password).
    public let isSecret: Bool

    /// An argument called `name` of `kind`.
    init(_ name: String, _ kind: Kind, isSecret: Bool = false) {
      self.name = name
      self.kind = kind
      self.isSecret = isSecret
    }

    /// The valid range of an integer argument, `nil` for text.
    public var range: ClosedRange<Int>? {
      if case .integer(let range) = kind { range } else { nil }
    }

    /// Why `value` does not fit this argument, or `nil` if it does.
    func check(_ value: Value) -> ArgumentError? {
      switch (kind, value) {
      case (.text, .text): return nil
      case (.integer(let range), .integer(let number)):
        return range.contains(number) ? nil : .outOfRange(name, number, range)
      default: return .kind(name)
      }
    }
  }

  /// One argument's value.
  public enum Value: Sendable, Equatable {
    /// Text.
    case text(String)
    /// A whole number.
    case integer(Int)
  }

  /// Why argument values cannot make an intent's action; each wire form words it its own way.
  public enum ArgumentError: Error, Sendable, Equatable {
    /// The intent takes `expected` arguments, not `given`.
    case count(expected: Int, given: Int)
    /// The argument called `name` has the wrong kind (text for a number, or the reverse).
    case kind(String)
    /// The argument called `name` is `value`, outside `range`.
    case outOfRange(String, Int, ClosedRange<Int>)
  }
}
