/// Why a front-end library could not be loaded. The host prints one line per failure, naming
/// the file, and keeps running the front ends that did load.
public struct FrontEndLoadError: Error, Equatable, CustomStringConvertible {
  /// The file (or the name, if no file was found).
  public var file: String
  /// What was wrong.
  public var reason: String

  /// The refusal of `file` for `reason`.
  package init(file: String, reason: String) {
    self.file = file
    self.reason = reason
  }

  /// `cannot load front end '<file>': <reason>`
  public var description: String { "cannot load front end '\(file)': \(reason)" }
}
