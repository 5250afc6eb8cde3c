import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What `--frontend SPEC` names: a stock front end (`text`) or a shared library path
/// (`./libmine.so`), optionally followed by `:ARG` for the front end (`jsonl:/tmp/events`).
///
/// How a spec is split, in order:
/// 1. A spec that names an existing file is a path with no argument (`./a:b/libx.so`).
/// 2. A path that contains `.so:` ends at the first such `.so`: `./a:b/libx.so:/tmp/out`
///    is the library `./a:b/libx.so` with the argument `/tmp/out`. This is the way to pass
///    both a path with `:` and an argument.
/// 3. Otherwise the spec is split at its first `:`.
public struct FrontEndSpec: Equatable, Sendable, CustomStringConvertible {
  /// The stock name or the path.
  public var target: String
  /// The front end's argument, if any.
  public var argument: String?

  /// Parses `NAME`, `NAME:ARG`, `PATH` or `PATH:ARG` (see the type's rules).
  public init(_ spec: String) {
    if spec.contains(":"), FileManager.default.fileExists(atPath: spec) {
      target = spec
      argument = nil
    } else if spec.contains("/"), let library = spec.firstRange(of: ".so:") {
      target = String(spec[..<spec.index(library.upperBound, offsetBy: -1)])
      argument = String(spec[library.upperBound...])
    } else if let colon = spec.firstIndex(of: ":") {
      target = String(spec[..<colon])
      argument = String(spec[spec.index(after: colon)...])
    } else {
      target = spec
      argument = nil
    }
  }

  /// Whether the spec names a file rather than a stock front end.
  public var isPath: Bool { target.contains("/") || target.hasSuffix(".so") }

  /// The path, made absolute against the current directory.
  var absolutePath: String { URL(fileURLWithPath: target).path }

  /// The spec as the user wrote it.
  public var description: String { argument.map { "\(target):\($0)" } ?? target }

  /// `error` with a word on how the spec was split, when the split may be what went wrong: a
  /// path that does not exist, read from a spec that has an argument.
  func explain(_ error: FrontEndLoadError) -> FrontEndLoadError {
    guard let argument, isPath, !FileManager.default.fileExists(atPath: absolutePath) else {
      return error
    }
    return FrontEndLoadError(
      file: error.file,
      reason: error.reason
        + " (the spec '\(description)' was split at ':' into the path '\(target)' and the "
        + "argument '\(argument)'; a path that contains ':' is read whole when it names an "
        + "existing file, and up to '.so' when followed by ':ARG', as in './a:b/libx.so:ARG')")
  }
}
