import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reports a programmer error or misuse, such as an unmocked dependency used in a test or an
/// action sent to a feature that is not presented.
///
/// In the running app the report is a runtime warning written by the current
/// ``IssueReporter`` (standard error by default; a host can route it to its log). A test
/// support module installs a reporter that turns it into a test failure.
///
/// - Parameters:
///   - message: What went wrong, evaluated only when the issue is reported.
///   - severity: Whether it is an error or a warning.
///   - fileID: The file an issue is reported against; the caller's by default.
///   - line: The line an issue is reported against; the caller's by default.
public func reportIssue(
  _ message: @autoclosure () -> String,
  severity: IssueSeverity = .error,
  fileID: StaticString = #fileID,
  line: UInt = #line
) {
  let reporter = IssueReporters.current.withLock { $0 }
  reporter(ReportedIssue(message: message(), severity: severity, fileID: "\(fileID)", line: line))
}

/// How serious a reported issue is.
public enum IssueSeverity: Sendable, Hashable {
  /// Suspicious but survivable; a runtime warning.
  case warning
  /// A definite mistake; fails a test.
  case error
}

/// One issue passed to an ``IssueReporter``.
public struct ReportedIssue: Sendable, Hashable {
  /// What went wrong.
  public var message: String
  /// How serious it is.
  public var severity: IssueSeverity
  /// Where it was reported from.
  public var fileID: String
  /// The line it was reported from.
  public var line: UInt
}

/// A function that receives every reported issue.
public typealias IssueReporter = @Sendable (ReportedIssue) -> Void

/// The process-wide issue reporter.
public enum IssueReporters {
  /// The reporter every ``reportIssue(_:severity:fileID:line:)`` goes to.
  public static let current = Mutex<IssueReporter>(standardError)

  /// The default reporter: one line on standard error.
  public static let standardError: IssueReporter = { issue in
    let label = issue.severity == .error ? "error" : "warning"
    let text = "[UnidirectionalFlow] \(label): \(issue.message) (\(issue.fileID):\(issue.line))\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
  }
}
