import Foundation
import HostIO
import Persistence
import TestSupport
import Testing
import TicTacToeAppCore
import UnidirectionalFlow

@testable import FrontEndHost

/// ``SessionKeeper`` paces its saves on the event loop's clock: the first save after a quiet
/// spell starts at once, and while changes keep coming one starts per
/// ``SessionKeeper/minimumInterval``, with the latest state. The loop is a
/// ``ManualEventLoop``, so time moves only when a test advances it; the saves are real.
@MainActor @Suite struct SessionPacingTests {
  /// A keeper of a new session file on a manual loop, and the saves it started.
  @MainActor final class Keeping {
    /// How many saves the keeper started.
    final class Count { var value = 0 }

    let loop = ManualEventLoop()
    let store = Store(initialState: TicTacToe.State()) { TicTacToe() }
    let directory: URL
    let keeper: SessionKeeper
    let starts = Count()
    private var edits = 0

    init() throws {
      directory = try Fixtures.temporaryDirectory()
      let file = try SessionFile.open(directory.appendingPathComponent("game").path)
      let history = StateHistory(bridge: StoreBridge(store: store))
      keeper = SessionKeeper(
        file: file, store: store, history: history, loop: loop,
        beforeSave: { [starts] in starts.value += 1 }, report: { Issue.record("\($0)") })
    }

    var started: Int { starts.value }

    /// The snapshot the file holds now (its last record), or "" before the first save.
    var saved: String {
      guard let bytes = FileManager.default.contents(atPath: keeper.file.path),
        let log = try? SessionLog.contents(of: Array(bytes))
      else { return "" }
      return String(decoding: log.snapshot, as: UTF8.self)
    }

    /// Types another email (`u1@b.c`, `u2@b.c`, ...), a new state; returns it.
    @discardableResult
    func edit() -> String {
      edits += 1
      let email = "u\(edits)@b.c"
      store.send(.login(.view(.binding(.set(\.email, email)))))
      return email
    }

    /// Waits, without acting on the keeper, for its own turn after a change to run: until
    /// nothing is scheduled or under way and every change is saved, or the rest waits for the
    /// loop's timer. The saves are real (a `fsync` on the saver's thread), so the bound is a
    /// deadline on the real clock, long enough for a loaded machine: a failsafe that only
    /// stops a test whose save never comes, never what a test asserts.
    func settle() async -> Bool {
      let deadline = ContinuousClock.now + .seconds(60)
      while ContinuousClock.now < deadline {
        if isSettled { return true }
        await Task.yield()
      }
      return isSettled
    }

    private var isSettled: Bool {
      !keeper.isScheduled && keeper.saving == nil
        && (keeper.settled >= keeper.changes || loop.pendingTimerCount == 1)
    }

    func end() {
      keeper.stop()
      try? FileManager.default.removeItem(at: directory)
    }
  }

  @Test func theFirstSaveAfterAQuietSpellStartsAtOnce() async throws {
    let keeping = try Keeping()
    defer { keeping.end() }
    #expect(await keeping.settle(), "the first state was not saved")
    #expect(keeping.started == 1)
    keeping.loop.advance(by: SessionKeeper.minimumInterval)

    let email = keeping.edit()
    #expect(await keeping.settle())
    #expect(keeping.started == 2, "the save waited")
    #expect(keeping.loop.pendingTimerCount == 0)
    #expect(keeping.saved.contains(email), "saved: \(keeping.saved)")
  }

  @Test func aBurstOfChangesIsSavedOncePerIntervalWithTheLatestState() async throws {
    let keeping = try Keeping()
    defer { keeping.end() }
    #expect(await keeping.settle())
    #expect(keeping.started == 1)

    // Changes at once after a save: none saved until the interval has passed, then the last.
    var email = ""
    for _ in 0..<10 { email = keeping.edit() }
    #expect(await keeping.settle())
    #expect(keeping.started == 1, "a save started before the interval passed")
    #expect(!keeping.saved.contains("@b.c"), "saved: \(keeping.saved)")
    keeping.loop.advance(by: SessionKeeper.minimumInterval - .milliseconds(1))
    #expect(keeping.started == 1)
    keeping.loop.advance(by: .milliseconds(1))
    #expect(keeping.started == 2, "the interval passed and no save started")
    #expect(await keeping.settle())
    #expect(keeping.saved.contains(#""\#(email)""#), "saved: \(keeping.saved)")

    // A change every 5 ms for 200 ms: one save per interval, not one per change.
    for _ in 0..<40 {
      keeping.loop.advance(by: .milliseconds(5))
      email = keeping.edit()
      #expect(await keeping.settle())
    }
    let intervals = Int(Duration.milliseconds(200) / SessionKeeper.minimumInterval)
    #expect(intervals >= 2, "the burst must span several intervals")
    #expect(keeping.started == 2 + intervals)
    #expect(!keeping.saved.contains(#""\#(email)""#), "the last change is saved before its time")
    keeping.loop.advance(by: SessionKeeper.minimumInterval)
    #expect(keeping.started == 2 + intervals + 1)
    #expect(await keeping.settle())
    #expect(keeping.saved.contains(#""\#(email)""#), "saved: \(keeping.saved)")
  }

  /// The history tells the keeper of a change only while that could matter: a change made
  /// after a save started, in the same turn of the store thread (an output's flush starts
  /// saves too), is still saved.
  @Test func aChangeAfterASaveStartedInTheSameTurnIsSavedToo() async throws {
    let keeping = try Keeping()
    defer { keeping.end() }
    #expect(await keeping.settle())
    keeping.loop.advance(by: SessionKeeper.minimumInterval)

    let first = keeping.edit()
    #expect(keeping.keeper.isScheduled)
    let save = keeping.keeper.commit()
    #expect(save != nil, "the change needs no save")
    #expect(keeping.started == 2, "the flush started no save")
    let second = keeping.edit()
    #expect(
      keeping.keeper.commit() ?? 0 > save ?? 0, "output of the second change waits for no save")
    #expect(await keeping.settle())
    #expect(keeping.saved.contains(#""\#(first)""#), "saved: \(keeping.saved)")
    keeping.loop.advance(by: SessionKeeper.minimumInterval)
    #expect(await keeping.settle())
    #expect(keeping.started == 3, "the second change was never saved")
    #expect(keeping.saved.contains(#""\#(second)""#), "saved: \(keeping.saved)")
  }

  @Test func stoppingSavesTheLastStateWithoutWaitingForTheInterval() async throws {
    let keeping = try Keeping()
    defer { keeping.end() }
    #expect(await keeping.settle())
    let email = keeping.edit()
    #expect(await keeping.settle())
    #expect(keeping.loop.pendingTimerCount == 1, "the change did not wait for the interval")

    #expect(keeping.keeper.stop(), "the last state is not saved")
    #expect(keeping.saved.contains(#""\#(email)""#), "saved: \(keeping.saved)")
    #expect(keeping.loop.pendingTimerCount == 0, "the timer outlived the keeper")
  }
}
