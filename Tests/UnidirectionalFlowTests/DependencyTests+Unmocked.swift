import Foundation
import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// Dependencies used in a test without being overridden, or live without a live value: each is
/// reported, naming it.
extension DependencyTests {
  @Test @MainActor func unmockedBuiltInsReportAFailureNamingThem() async {
    let store = TestStore(initialState: Reader.State()) { Reader() }
    await withKnownIssue {
      await store.send(.uuid) { $0.readings = ["00000000-0000-0000-0000-000000000000"] }
    } matching: { issue in
      issue.hasComment("Unimplemented: @Dependency(\\.uuid) was used in a test.")
    }
    await withKnownIssue {
      await store.send(.date) { $0.readings.append("0.0 0.0") }
    } matching: { issue in
      issue.hasComment("Unimplemented: @Dependency(\\.date) was used in a test.")
    }
    await withKnownIssue {
      await store.send(.sleep)
      await store.receive(.reading("woke")) { $0.readings.append("woke") }
    } matching: { issue in
      // `sleep(for:)` reads `now`, then sleeps: both are reported.
      issue.hasComment("Unimplemented: @Dependency(\\.continuousClock).now was read in a test.")
        || issue.hasComment(
          "Unimplemented: @Dependency(\\.continuousClock) was asked to sleep in a test.")
    }
    await store.finish()
  }

  @Test @MainActor func anUnmockedCustomKeyReportsAFailureNamingIt() async {
    let store = TestStore(initialState: Reader.State()) { Reader() }
    await withKnownIssue {
      await store.send(.liveOnly) { $0.readings = ["42"] }
    } matching: { issue in
      issue.hasComment(containing: "LiveOnlyKey")
        && issue.hasComment(
          containing: "was used in a test without being overridden; its live value was used.")
    }
    await store.finish()
  }

  @Test @MainActor func aKeyWithoutALiveValueReportsWhenUsedLive() async {
    let store = TestStore(initialState: Reader.State()) {
      Reader()
    } withDependencies: {
      $0.context = .live
    }
    await withKnownIssue {
      await store.send(.testOnly) { $0.readings = ["test-only"] }
    } matching: { issue in
      issue.hasComment(
        containing: "TestOnlyKey", "has no live value; its test value was used.")
    }
    await store.finish()
  }

  @Test @MainActor func dismissOutsideAPresentedFeatureIsReported() async {
    let store = TestStore(initialState: Reader.State()) { Reader() }
    await withKnownIssue {
      await store.send(.dismiss)
      await store.finish()
    } matching: { issue in
      issue.hasComment(
        containing: "`dismiss()` was called from UnidirectionalFlowTests/DependencyFixtures.swift:",
        "outside an effect of a presented feature, so there is nothing to dismiss.")
    }
  }
}
