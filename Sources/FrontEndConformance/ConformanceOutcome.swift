/// The result of one conformance check.
public enum ConformanceOutcome: Equatable, Sendable {
  /// It passed.
  case ok
  /// It failed, and why.
  case fail(String)
  /// It could not run, and why.
  case skip(String)

  /// Whether it failed.
  public var isFailure: Bool {
    if case .fail = self { true } else { false }
  }

  /// The printed line: `ok   <check>`, `FAIL <check>: <why>` or `skip <check>: <why>`.
  public func line(for check: ConformanceCheck) -> String {
    switch self {
    case .ok: "ok   \(check.title)"
    case .fail(let why): "FAIL \(check.title): \(why)"
    case .skip(let why): "skip \(check.title): \(why)"
    }
  }
}
