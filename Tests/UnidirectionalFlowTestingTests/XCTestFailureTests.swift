import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting
import XCTest

private struct Counter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action { case tap }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// An issue reported while an XCTest test runs fails that test (the location leads its
/// message): the test store's failures are not lost for XCTest users.
@Suite struct XCTestFailureTests {
  @Test @MainActor func anIssueReportedDuringAnXCTestFailsIt() async {
    // A test store installs the reporter that records the library's issues.
    _ = TestStore(initialState: Counter.State()) { Counter() }
    // Detached: no Swift Testing test is current there, as in an XCTest run.
    let failureCount = await Task.detached { () -> Int in
      let testCase = XCTestCase(name: "reportsAnIssue") { _ in
        reportIssue("Reported during an XCTest.", fileID: "Feature/File.swift", line: 12)
      }
      testCase.run()
      return testCase.testRun?.failureCount ?? 0
    }.value
    #expect(failureCount == 1)
  }
}
