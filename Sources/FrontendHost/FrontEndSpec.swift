/// What `--frontend SPEC` names: a stock front end (`text`) or a shared library path
/// (`./libmine.so`), optionally followed by `:ARG` for the front end (`jsonl:/tmp/events`).
///
/// The spec is split at its first `:`, so a path given here cannot contain one.
public struct FrontEndSpec: Equatable, Sendable, CustomStringConvertible {
  /// The stock name or the path.
  public var target: String
  /// The front end's argument, if any.
  public var argument: String?

  /// Parses `NAME`, `NAME:ARG`, `PATH` or `PATH:ARG`.
  public init(_ spec: String) {
    if let colon = spec.firstIndex(of: ":") {
      target = String(spec[..<colon])
      argument = String(spec[spec.index(after: colon)...])
    } else {
      target = spec
      argument = nil
    }
  }

  /// Whether the spec names a file rather than a stock front end.
  public var isPath: Bool { target.contains("/") || target.hasSuffix(".so") }

  /// The spec as the user wrote it.
  public var description: String { argument.map { "\(target):\($0)" } ?? target }
}
