/// Why a front-end library could not be loaded. The host prints one line per failure, naming
/// the file, and keeps running the front ends that did load.
public struct FrontEndLoadError: Error, Equatable, CustomStringConvertible {
  /// The file (or the name, if no file was found).
  public var file: String
  /// What was wrong.
  public var reason: String
  /// Set when the library loaded but refused to start (its attach callback failed): what it
  /// said, if anything. ``reason`` then has the ABI status, for developers.
  public var refusalToStart: String?

  /// The refusal of `file` for `reason`.
  package init(file: String, reason: String, refusalToStart: String? = nil) {
    self.file = file
    self.reason = reason
    self.refusalToStart = refusalToStart
  }

  /// `cannot load front end '<file>': <reason>`
  public var description: String { "cannot load front end '\(file)': \(reason)" }

  /// The line for people, about the front end the user named `spec`: a front end that did not
  /// start says so in its own words, without the ABI status or the library's path (which
  /// ``description`` keeps for `TICTACTOE_TRACE=1` and `check-frontend`).
  public func explained(for spec: FrontEndSpec) -> String {
    guard let refusalToStart else { return description }
    let name = spec.isPath ? file : spec.target
    return refusalToStart.isEmpty
      ? "the front end '\(name)' did not start" : "'\(name)' did not start: \(refusalToStart)"
  }
}
