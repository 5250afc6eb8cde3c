import Foundation
import FrontEndHost
import Testing
import TicTacToeAppCore
import TicTacToeFrontEndABI

/// Calls from threads other than the store thread, before and after detach.
extension HostileFrontEndTests {
  @Test func sendsFromAnotherThreadAreQueuedAndProcessed() async throws {
    _ = try attach()
    var processed = 0
    let observation = host.store.observeActions { _, _ in processed += 1 }
    defer { observation.cancel() }
    let sends = hostile.threadSends(100)
    #expect(sends.ok == 400)
    #expect(sends.detached == 0)
    #expect(sends.other == 0)
    #expect(await yield { processed == 400 })
    #expect(email == "thread-99!")
  }

  @Test func storeThreadRoutinesAreRefusedOnAnotherThread() async throws {
    _ = try attach()
    setEmail("before@thread")
    let before = host.store.state
    hostile.clearReport()
    hostile.threadRoutines()
    let calls = Dictionary(hostile.report.map { ($0.label, $0) }) { first, _ in first }
    for (label, routine) in [
      ("thread read_login", "read_login"), ("thread root", "root"), ("thread scope", "scope"),
      ("thread is_active", "is_active"), ("thread subscribe", "subscribe"),
      ("thread observe_actions", "observe_actions"), ("thread unsubscribe", "unsubscribe"),
      ("thread request", "request"), ("thread make_sender", "make_sender"),
      ("thread read_state_json", "read_state_json"),
    ] {
      let returnsStatus = ["thread read_login", "thread read_state_json", "thread request"]
      let expected = returnsStatus.contains(label) ? 2 : 0
      #expect(calls[label]?.result == expected, "\(label)")
      #expect(
        calls[label]?.message == "\(routine) must be called on the store thread", "\(label)")
    }
    #expect(calls["thread send invalid"]?.result == Int(TTT_ERR_INVALID_ARGUMENT))
    #expect(calls["thread send invalid"]?.message.contains("text is NULL") == true)
    #expect((calls["thread action_count"]?.result ?? 0) > 0)
    #expect(calls["thread field_at"]?.result == 1)
    await drainMainActor()
    #expect(log.lines.contains("tictactoe: [hostile] info: a log line from another thread"))
    #expect(host.store.state == before)
    // Its subscription survived the refused unsubscribe.
    setEmail("after@thread")
    #expect(hostile.changes == 2)
    #expect(hostile.extraChanges == 0)
  }

  @Test func aThreadsErrorsDoNotReplaceTheStoreThreadsLastError() async throws {
    let probe = try await Probe()
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
    _ = try attach()
    #expect(probe.send(ttt_action_tag(rawValue: 4242)) == TTT_ERR_UNKNOWN)
    hostile.clearReport()
    hostile.threadRoutines()
    // The probe's message is its own; the hostile one's thread got its own messages.
    #expect(probe.lastError == "unknown action tag 4242")
    #expect(hostile.call("thread send invalid")?.message.contains("text is NULL") == true)
  }

  @Test func aLastErrorStringStaysValidUntilTheNextRead() throws {
    _ = try attach()
    let (survives, first) = hostile.lastErrorSurvivesErrors()
    #expect(first == "unknown action tag 1001")
    #expect(survives, "the string last_error returned changed before the next last_error call")
  }

  @Test func sendsAfterDetachFromAnotherThreadAreRefused() async throws {
    let session = try attach()
    setEmail("before@detach")
    host.detach(session)
    let before = host.store.state
    let changes = hostile.changes
    let sends = hostile.threadSends(50)
    #expect(sends.ok == 0)
    #expect(sends.detached == 200)
    #expect(sends.other == 0)
    #expect(sends.lastError == "the front end is detached")
    await drainMainActor()
    #expect(host.store.state == before)
    #expect(hostile.changes == changes)
  }

  @Test func sendsQueuedBeforeDetachAreDroppedAndLogged() async throws {
    let session = try attach()
    setEmail("before@detach")
    let sends = hostile.threadSends(25)
    #expect(sends.ok == 100)
    // Detached before the store thread got to the queued sends.
    host.detach(session)
    let before = host.store.state
    await drainMainActor()
    #expect(host.store.state == before)
    let dropped = log.lines.filter {
      $0.hasPrefix("tictactoe: [hostile] warning: ") && $0.contains("detached")
    }
    #expect(dropped.count == 100, "\(log.lines.suffix(3))")
  }
}
