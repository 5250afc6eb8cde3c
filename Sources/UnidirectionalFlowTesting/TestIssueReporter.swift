import Testing
import UnidirectionalFlow

/// Routes the architecture's reported issues into Swift Testing while a test runs.
///
/// Both severities become test failures, as runtime warnings do in the upstream library: a
/// test that expects one wraps the code in `withKnownIssue`. Outside a test, issues still go
/// to standard error.
enum TestIssueReporter {
  /// Installs the reporter once per process; every test store calls this.
  static let install: Void = {
    IssueReporters.current.withLock { reporter in
      reporter = { issue in
        guard Test.current != nil else {
          IssueReporters.standardError(issue)
          return
        }
        Issue.record(
          Comment(rawValue: issue.message),
          sourceLocation: SourceLocation(
            fileID: issue.fileID, filePath: issue.fileID, line: Int(issue.line), column: 1))
      }
    }
  }()
}
