import Testing
import UnidirectionalFlow

/// Routes the architecture's reported issues into the running test, Swift Testing's or
/// XCTest's.
///
/// Both severities become test failures, as runtime warnings do in the upstream library: a
/// test that expects one wraps the code in `withKnownIssue`. Outside a Swift Testing test,
/// issues also go to standard error.
///
/// An issue is recorded at the line in the test that led to it: the `send` whose action (or
/// whose effect) reported it, or the `TestStore(` that built the reducer; at the place that
/// reported it only when no test store call led to it.
enum TestIssueReporter {
  /// The line of the test store call running now; effects started by a `send` inherit it.
  @TaskLocal static var location: SourceLocation?

  /// Installs the reporter once per process; every test store calls this.
  static let install: Void = {
    IssueReporters.current.withLock { reporter in
      reporter = { issue in
        let inLibrary = SourceLocation(
          fileID: issue.fileID, filePath: issue.fileID, line: Int(issue.line), column: 1)
        // Outside a Swift Testing test, it may be an XCTest (which the failure fails) or no test.
        if Test.current == nil { IssueReporters.standardError(issue) }
        recordTestFailure(issue.message, at: location ?? inLibrary)
      }
    }
  }()
}
