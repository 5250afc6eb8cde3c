import Foundation
import FrontEndHost
import Testing
import TicTacToeFrontEndABI

/// `run_on_store_thread` (ABI 1.3), through the probe: a front end with threads of its own
/// hands work to the store thread, which runs it there, in order, and never after detach.
@MainActor
@Suite struct RunOnStoreThreadTests {
  let host = makeTestHost()
  let probe: Probe
  let session: FrontEndSession

  init() async throws {
    probe = try await Probe()
    session = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
  }

  var post: @convention(c) () -> Int32 {
    probe.function("probe_run_on_store_thread", as: (@convention(c) () -> Int32).self)
  }
  var runs: UInt32 {
    probe.function("probe_store_thread_runs", as: (@convention(c) () -> UInt32).self)()
  }
  var ranOffStoreThread: Bool {
    probe.function("probe_ran_off_store_thread", as: (@convention(c) () -> Bool).self)()
  }

  @Test func aCallbackPostedFromAnotherThreadRunsOnTheStoreThread() async {
    let post = post
    let statuses = await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: [post(), post(), post()]) }
    }
    #expect(statuses == Array(repeating: Int32(TTT_OK.rawValue), count: 3))
    #expect(await yield(until: { runs == 3 }))
    #expect(!ranOffStoreThread)
  }

  @Test func aCallbackStillPendingWhenDetachBeginsIsNeverCalled() async {
    // Posted from the store thread itself: queued, not run during the call.
    #expect(post() == Int32(TTT_OK.rawValue))
    #expect(runs == 0)
    host.detach(session)
    await drainMainActor()
    await drainMainActor()
    #expect(runs == 0)
    #expect(post() == Int32(TTT_ERR_DETACHED.rawValue))
  }

  @Test func aNullCallbackIsRefusedWithAReason() {
    let postNull = probe.function(
      "probe_run_null_on_store_thread", as: (@convention(c) () -> Int32).self)
    #expect(postNull() == Int32(TTT_ERR_INVALID_ARGUMENT.rawValue))
    #expect(probe.lastError == "the callback of run_on_store_thread is NULL")
  }
}
