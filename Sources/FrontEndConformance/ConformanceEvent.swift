/// What the checking process tells the process that started it, one line each, so that the
/// parent knows which check was running if the front end kills the child.
public enum ConformanceEvent: Equatable, Sendable {
  /// A check started.
  case started(ConformanceCheck)
  /// The running check reached a new step: "while the game was shown".
  case step(String)
  /// A check finished.
  case finished(ConformanceCheck, ConformanceOutcome)

  /// The event as one line (without its newline): tab-separated fields.
  public var encoded: String {
    switch self {
    case .started(let check): "started\t\(check.rawValue)"
    case .step(let step): "step\t\(Self.clean(step))"
    case .finished(let check, .ok): "ok\t\(check.rawValue)"
    case .finished(let check, .fail(let why)): "fail\t\(check.rawValue)\t\(Self.clean(why))"
    case .finished(let check, .skip(let why)): "skip\t\(check.rawValue)\t\(Self.clean(why))"
    }
  }

  /// Decodes a line made by ``encoded``; `nil` for anything else.
  public init?(line: Substring) {
    let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
    guard fields.count >= 2 else { return nil }
    if fields[0] == "step" {
      self = .step(String(fields[1]))
      return
    }
    guard let check = ConformanceCheck(rawValue: String(fields[1])) else { return nil }
    let why = fields.count > 2 ? String(fields[2]) : ""
    switch fields[0] {
    case "started": self = .started(check)
    case "ok": self = .finished(check, .ok)
    case "fail": self = .finished(check, .fail(why))
    case "skip": self = .finished(check, .skip(why))
    default: return nil
    }
  }

  /// Text on one line: tabs and line breaks become spaces.
  private static func clean(_ text: String) -> String {
    String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
  }
}
