import Foundation
import FrontEndHost
import Testing
import TicTacToeAppCore
import TicTacToeFrontEndABI

/// A hostile or broken front end (Tests/Fixtures/FrontEnds/hostile.c) cannot crash the host or
/// change the state with an invalid call, and every refusal says what was wrong: through
/// `last_error` of the front end that made the call, or a log line naming it.
@MainActor
@Suite struct HostileFrontEndTests {
  let host = makeTestHost()
  let log: DiagnosticLines
  let hostile: Hostile

  init() async throws {
    log = DiagnosticLines(host)
    hostile = try await Hostile()
  }

  private func attach(_ mode: Hostile.AttachMode = .normal, argument: String = "") throws
    -> AttachedFrontEnd
  {
    hostile.setAttachMode(mode, argument: argument)
    return try host.attach(FrontEndSpec(hostile.path), ownsTerminal: false).get()
  }

  private var email: String {
    guard case .login(let login) = host.store.state else { return "(not on login)" }
    return login.email
  }

  private func setEmail(_ value: String) {
    host.store.send(.login(.view(.binding(.set(\.email, value)))))
  }

  // MARK: Absurd arguments

  /// What each absurd call must return: a status, or 0 for a NULL pointer, a zero id, `false`.
  static let absurdExpectations: [String: ttt_status] = [
    "send NULL action": TTT_ERR_INVALID_ARGUMENT,
    "send NULL handle": TTT_ERR_INVALID_ARGUMENT,
    "send garbage handle": TTT_ERR_INVALID_ARGUMENT,
    "send host pointer as store": TTT_ERR_INVALID_ARGUMENT,
    "send struct_size 0": TTT_ERR_INVALID_ARGUMENT,
    "send struct_size 1": TTT_ERR_INVALID_ARGUMENT,
    "send struct_size 1<<31 tag 0": TTT_ERR_UNKNOWN,
    "send tag UINT32_MAX": TTT_ERR_UNKNOWN,
    "send NULL text": TTT_ERR_INVALID_ARGUMENT,
    "send invalid UTF-8": TTT_ERR_INVALID_ARGUMENT,
    "send 64 KiB + 1 text": TTT_ERR_INVALID_ARGUMENT,
    "send cell INT32_MIN": TTT_ERR_INVALID_ARGUMENT,
    "send wrong feature": TTT_ERR_WRONG_FEATURE,
    "send_path NULL path": TTT_ERR_INVALID_ARGUMENT,
    "send_path count SIZE_MAX": TTT_ERR_INVALID_ARGUMENT,
    "send_path count 1<<40": TTT_ERR_INVALID_ARGUMENT,
    "send_path count 17": TTT_ERR_INVALID_ARGUMENT,
    "send_path NULL values": TTT_ERR_INVALID_ARGUMENT,
    "send_path count 0": TTT_ERR_INVALID_ARGUMENT,
    "send_path count 2": TTT_ERR_INVALID_ARGUMENT,
    "send_path int for string": TTT_ERR_INVALID_ARGUMENT,
    "send_path type 999": TTT_ERR_INVALID_ARGUMENT,
    "send_path NULL string": TTT_ERR_INVALID_ARGUMENT,
    "send_path invalid UTF-8 path": TTT_ERR_INVALID_ARGUMENT,
    "send_path unknown path": TTT_ERR_UNKNOWN,
    "send_path garbage handle": TTT_ERR_INVALID_ARGUMENT,
    "send_path effect-only path": TTT_ERR_EFFECT_ONLY,
    "edit_text field UINT32_MAX": TTT_ERR_UNKNOWN,
    "edit_text edit UINT32_MAX": TTT_ERR_UNKNOWN,
    "edit_text append NULL": TTT_ERR_INVALID_ARGUMENT,
    "edit_text invalid UTF-8": TTT_ERR_INVALID_ARGUMENT,
    "edit_text 64 KiB + 1": TTT_ERR_INVALID_ARGUMENT,
    "edit_text NULL handle": TTT_ERR_INVALID_ARGUMENT,
    "edit_text inactive field": TTT_ERR_INACTIVE,
    "read_login NULL out": TTT_ERR_INVALID_ARGUMENT,
    "read_login NULL handle": TTT_ERR_INVALID_ARGUMENT,
    "read_login garbage handle": TTT_ERR_INVALID_ARGUMENT,
    "read_login struct_size 0": TTT_ERR_INVALID_ARGUMENT,
    "read_login struct_size 3": TTT_ERR_INVALID_ARGUMENT,
    "read_game through login handle": TTT_ERR_WRONG_FEATURE,
    "read_game inactive": TTT_ERR_INACTIVE,
    "request kind UINT32_MAX": TTT_ERR_UNSUPPORTED,
    "request kind 0": TTT_ERR_UNSUPPORTED,
    "request attach NULL": TTT_ERR_INVALID_ARGUMENT,
    "request attach missing file": TTT_ERR_UNKNOWN,
    "request attach relative file": TTT_ERR_UNKNOWN,
    "request switch empty": TTT_ERR_INVALID_ARGUMENT,
    "request detach NULL": TTT_ERR_INVALID_ARGUMENT,
    "request NULL host": TTT_ERR_INVALID_ARGUMENT,
    "request garbage host": TTT_ERR_INVALID_ARGUMENT,
    "find_action NULL path": TTT_ERR_INVALID_ARGUMENT,
    "find_action NULL out": TTT_ERR_INVALID_ARGUMENT,
    "find_action invalid UTF-8": TTT_ERR_INVALID_ARGUMENT,
    "find_action garbage host": TTT_ERR_INVALID_ARGUMENT,
    "find_action unknown path": TTT_ERR_UNKNOWN,
    "find_action effect-only path": TTT_ERR_EFFECT_ONLY,
  ]

  /// Calls that return a pointer, an id, a count or nothing: all must come back empty.
  static let absurdEmptyResults = [
    "root NULL", "root garbage", "root store pointer as host", "scope feature UINT32_MAX",
    "scope NULL", "is_active NULL", "is_active garbage", "subscribe NULL callback",
    "subscribe NULL handle", "observe_actions NULL callback", "observe_actions garbage host",
    "unsubscribe unknown ids", "log absurd", "action_count NULL", "action_at SIZE_MAX",
    "action_at count", "action_at NULL host", "field_count NULL", "field_at SIZE_MAX",
    "field_at garbage host", "make_sender NULL path", "make_sender unknown path",
    "make_sender invalid UTF-8", "make_sender NULL handle", "last_error NULL host",
    "last_error garbage host", "find_action leaves NULL",
  ]

  @Test func absurdArgumentsAreRefusedAndChangeNothing() throws {
    _ = try attach()
    setEmail("before@absurd")
    let before = host.store.state
    let changes = hostile.changes
    hostile.clearReport()
    let count = hostile.absurd()
    let report = hostile.report
    #expect(report.count == count)
    #expect(
      count == Self.absurdExpectations.count + Self.absurdEmptyResults.count,
      "every call has an expectation")
    for call in report {
      if let status = Self.absurdExpectations[call.label] {
        #expect(call.result == Int(status), "\(call)")
        // The message says what was wrong; a call through a garbage handle has no front end
        // to tell, and the message is then the previous one.
        #expect(!call.message.isEmpty, "\(call)")
      } else {
        #expect(Self.absurdEmptyResults.contains(call.label), "unexpected call \(call)")
        #expect(call.result == 0, "\(call)")
      }
    }
    #expect(host.store.state == before)
    #expect(hostile.changes == changes)
    #expect(email == "before@absurd")
    // Messages name what was wrong.
    let messages = Dictionary(report.map { ($0.label, $0.message) }) { first, _ in first }
    #expect(messages["send tag UINT32_MAX"] == "unknown action tag 4294967295")
    #expect(messages["send_path count SIZE_MAX"]?.contains("-1 arguments") == true)
    #expect(messages["send_path count 17"]?.contains("17 arguments") == true)
    #expect(messages["send 64 KiB + 1 text"] == "text is longer than 65536 bytes")
    #expect(messages["send invalid UTF-8"] == "text is not valid UTF-8")
    #expect(messages["send cell INT32_MIN"]?.contains("out of range") == true)
    #expect(messages["read_login struct_size 0"] == "struct_size 0 is too small")
    #expect(messages["request kind UINT32_MAX"] == "unknown request 4294967295")
    #expect(messages["request attach missing file"]?.contains("/no/such/libfrontend.so") == true)
    #expect(messages["send_path int for string"]?.contains("was given (int32)") == true)
    // The host is still alive and the front end still works.
    #expect(host.attachedFrontEnds.map(\.name) == ["hostile"])
    setEmail("after@absurd")
    #expect(hostile.changes == changes + 1)
  }

  @Test func absurdLogLinesAreBoundedAndNamed() throws {
    _ = try attach()
    _ = hostile.absurd()
    let lines = log.lines
    #expect(lines.contains("tictactoe: [hostile] error: log level UINT32_MAX"))
    #expect(
      lines.contains("tictactoe: [hostile] warning: bad \u{FFFD}\u{FFFD} UTF-8 in a log line"))
    let long = lines.first { $0.contains("LLLL") }
    #expect(long == "tictactoe: [hostile] info: " + String(repeating: "L", count: 4096))
    #expect(!lines.contains { $0.contains("no host") || $0.contains("garbage host") })
  }

  @Test func aHugeStructSizeIsReadAsTheFieldsTheHostKnows() async throws {
    // A newer front end's bigger struct: the host reads (and fills) only what it knows.
    let probe = try await Probe()
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
    // Read as a well-formed action: refused only because the empty form disables the button.
    #expect(
      probe.sendWithStructSize(1 << 31, TTT_ACTION_LOGIN_BUTTON_TAPPED) == TTT_ERR_DISABLED)
    let (status, login) = probe.readLogin(structSize: 1 << 31)
    #expect(status == TTT_OK)
    #expect(login.struct_size == 1 << 31)
  }

  // MARK: Errors and NULLs from the front end's own callbacks

  @Test func anAttachThatFailsAfterSubscribingAndRequestingLeavesNothingBehind() async throws {
    let probe = try await Probe()
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
    hostile.setAttachMode(.failsAfterSubscribing, argument: probe.path)
    let result = host.attach(FrontEndSpec(hostile.path), ownsTerminal: false)
    guard case .failure(let error) = result else {
      Issue.record("the failing attach succeeded")
      return
    }
    #expect(error.file == hostile.path)
    #expect(
      error.reason
        == "its attach callback failed with TTT_ERR_UNSUPPORTED (5): login.view.binding.email needs a text, "
        + "but text is NULL")
    // Its settle, attach and switch requests were dropped: a later settle is answered, and
    // nothing was attached.
    #expect(probe.request(TTT_REQUEST_SETTLE, "") == TTT_OK)
    #expect(await yield { probe.settled == 1 })
    #expect(hostile.settled == 0)
    #expect(host.attachedFrontEnds.map(\.name) == ["probe"])
    // Its subscriptions were ended.
    setEmail("after@failed.attach")
    #expect(hostile.changes == 0)
    #expect(hostile.extraChanges == 0)
    #expect(hostile.actions == 0)
  }

  @Test func anAttachReturningAGarbageStatusIsRefused() {
    hostile.setAttachMode(.garbageStatus)
    let result = host.attach(FrontEndSpec(hostile.path), ownsTerminal: false)
    guard case .failure(let error) = result else {
      Issue.record("attach returned 12345 and the front end was attached")
      return
    }
    #expect(error.reason.hasPrefix("its attach callback failed with unknown status (12345)"))
    #expect(host.attachedFrontEnds.isEmpty)
  }

  @Test func aNullInstanceIsHandedBackAsIs() throws {
    let session = try attach(.nullInstance)
    setEmail("null@instance")
    #expect(hostile.changes == 1)
    #expect(host.detach(session) == 2)  // it never ends its two subscriptions
  }

  @Test func aFrontEndThatDetachesItselfWhileAttachingIsDetached() async throws {
    _ = try attach(.detachesItself)
    #expect(await yield { host.attachedFrontEnds.isEmpty })
    setEmail("after@self.detach")
    #expect(hostile.changes == 0)
  }

  @Test(arguments: [
    ("HOSTILE_NULL_DESCRIPTION", "NULL or invalid description"),
    ("HOSTILE_BAD_UTF8_DESCRIPTION", "NULL or invalid description"),
    ("HOSTILE_NULL_VERSION", "NULL or invalid version"),
    ("HOSTILE_LONG_NAME", "no valid name"),
    ("HOSTILE_BAD_NAME", "no valid name"),
  ])
  func aBrokenDescriptorIsRefused(define: String, reason: String) async throws {
    let broken = try await Hostile(defines: [define])
    let result = host.attach(FrontEndSpec(broken.path), ownsTerminal: false)
    guard case .failure(let error) = result else {
      Issue.record("\(define) loaded")
      return
    }
    #expect(error.description.contains(broken.path))
    #expect(error.reason.contains(reason), "\(error)")
  }

  // MARK: Calling back into the host from inside callbacks

  @Test func sendsFromInsideACallbackAreQueuedInOrder() throws {
    _ = try attach()
    var emails: [String] = []
    let observation = host.store.observeActions { _, _ in
      if case .login(let login) = host.store.state { emails.append(login.email) }
    }
    defer { observation.cancel() }
    hostile.reenter(onChange: [.send, .edit, .typedSender], onAction: [.send])
    hostile.clearReport()
    setEmail("trigger")
    #expect(
      emails == [
        "trigger", "from-action", "reentrant-1", "reentrant-2", "reentrant-3", "trigger+edited",
        "reentrant-typed",
      ])
    for call in hostile.report {
      #expect(call.result == (call.label == "reenter make_sender" ? 1 : 0), "\(call)")
    }
    #expect(hostile.report.count == 7)
    #expect(email == "reentrant-typed")
  }

  @Test func readsFromInsideCallbacksSeeTheNewState() throws {
    _ = try attach()
    hostile.reenter(onChange: [.read], onAction: [.read])
    hostile.clearReport()
    setEmail("read@inside")
    let results = Dictionary(hostile.report.map { ($0.label, $0.result) }) { first, _ in first }
    #expect(results["reenter read_root"] == 0)
    #expect(results["reenter read_login"] == 0)
    #expect(results["reenter read_login from action callback"] == 0)
    #expect(results["reenter read_game"] == Int(TTT_ERR_INACTIVE))
    #expect(results["reenter is_active"] == 1)
    #expect(hostile.readEmail == "read@inside")
  }

  @Test func subscribingAndUnsubscribingFromInsideCallbacks() throws {
    _ = try attach()
    hostile.reenter(onChange: [.subscribe], onAction: [.observe])
    setEmail("one")
    #expect(hostile.changes == 1)
    #expect(hostile.actions == 1)
    setEmail("two")
    setEmail("three")
    // The old subscriptions ended inside their own callbacks; the new ones took over.
    #expect(hostile.changes == 1)
    #expect(hostile.actions == 1)
    #expect(hostile.extraChanges == 2)
    #expect(hostile.extraActions == 2)
  }

  @Test func unsubscribingEverythingFromInsideACallback() throws {
    _ = try attach()
    hostile.reenter(onChange: [.unsubscribe])
    setEmail("one")
    setEmail("two")
    // The action callback ran for "one" before the change callback ended everything.
    #expect(hostile.changes == 1)
    #expect(hostile.actions == 1)
  }

  @Test func aFrontEndThatAsksToDetachItselfFromACallback() async throws {
    let session = try attach()
    hostile.reenter(onChange: [.detachSelf])
    hostile.clearReport()
    setEmail("detach@me")
    #expect(hostile.call("reenter detach self")?.result == 0)
    #expect(await yield { !session.isAttached })
    #expect(host.attachedFrontEnds.isEmpty)
    let before = host.store.state
    expectSavedHandlesRefusedAsDetached()
    #expect(host.store.state == before)
    #expect(hostile.changes == 1)
  }

  @Test func handlesKeptPastDetachStayDetachedWhenOthersGetTheirSlots() async throws {
    host.detach(try attach())
    // The probe's handles are made in the slots the detached front end's handles had.
    let probe = try await Probe()
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
    #expect(probe.send(TTT_ACTION_LOGIN_SET_EMAIL, text: "probe@example.com") == TTT_OK)
    let before = host.store.state
    expectSavedHandlesRefusedAsDetached()
    #expect(host.store.state == before)
    #expect(probe.send(TTT_ACTION_LOGIN_SET_EMAIL, text: "still@example.com") == TTT_OK)
    #expect(email == "still@example.com")
  }

  /// Calls through every handle the hostile front end saved before it was detached: handles
  /// still come back (root), but nothing works through them, and each says why.
  private func expectSavedHandlesRefusedAsDetached() {
    hostile.clearReport()
    hostile.savedHandles()
    #expect(hostile.report.count > 10)
    for call in hostile.report where call.label != "saved unsubscribe and log" {
      let expected =
        call.label.hasPrefix("saved send") || call.label.hasPrefix("saved typed")
          || call.label.hasPrefix("saved edit") || call.label.hasPrefix("saved read")
          || call.label == "saved request"
        ? Int(TTT_ERR_DETACHED) : call.label == "saved root" ? 1 : 0
      #expect(call.result == expected, "\(call)")
      #expect(call.message == "the front end is detached", "\(call)")
    }
  }

  @Test func requestsFromInsideACallbackAreCarriedOutAfterIt() async throws {
    let probe = try await Probe()
    hostile.setAttachMode(.normal, argument: probe.path)
    _ = try host.attach(FrontEndSpec(hostile.path), ownsTerminal: false).get()
    hostile.reenter(onChange: [.settle, .attach])
    hostile.clearReport()
    setEmail("requests")
    #expect(hostile.report.map(\.result) == [0, 0])
    #expect(await yield { hostile.settled == 1 && host.attachedFrontEnds.count == 2 })
    #expect(host.attachedFrontEnds.map(\.name) == ["hostile", "probe"])
  }

  @Test func aSwitchFromInsideACallbackReplacesTheObserver() async throws {
    let probe = try await Probe()
    hostile.setAttachMode(.normal, argument: probe.path)
    let session = try host.attach(FrontEndSpec(hostile.path), ownsTerminal: false).get()
    hostile.reenter(onChange: [.switchTerminal])
    setEmail("switch")
    #expect(await yield { !session.isAttached && host.attachedFrontEnds.count == 1 })
    #expect(host.attachedFrontEnds.map(\.name) == ["probe"])
  }

  @Test func aQuitFromInsideACallbackQuits() async throws {
    var exitCodes: [Int32] = []
    host.onExit = { exitCodes.append($0) }
    let session = try attach()
    hostile.reenter(onChange: [.quit])
    setEmail("quit")
    #expect(await yield { exitCodes == [0] })
    #expect(!session.isAttached)
  }

  // MARK: Calling the host while being detached

  @Test func callsFromInsideDetachAreHonouredOrCleanedUp() async throws {
    let probe = try await Probe()
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
    hostile.setAttachMode(.normal, argument: probe.path)
    let session = try host.attach(FrontEndSpec(hostile.path), ownsTerminal: false).get()
    hostile.setDetachMode([.sends, .subscribes, .requests])
    hostile.clearReport()
    // Its two subscriptions, and the one it made while detaching, were left behind.
    #expect(host.detach(session) == 3)
    // A send while detaching still counts (its handles work until detach returns).
    #expect(hostile.call("detach send")?.result == 0)
    #expect(email == "sent-while-detaching")
    // Requests made while detaching are refused: a detached front end cannot attach others.
    #expect(hostile.call("detach request attach")?.result == Int(TTT_ERR_DETACHED))
    #expect(hostile.call("detach request switch")?.result == Int(TTT_ERR_DETACHED))
    #expect(hostile.call("detach request switch")?.message.contains("detach") == true)
    #expect(probe.request(TTT_REQUEST_SETTLE, "") == TTT_OK)
    #expect(await yield { probe.settled == 1 })
    #expect(host.attachedFrontEnds.map(\.name) == ["probe"])
    setEmail("after@detach")
    #expect(hostile.extraChanges == 0)
  }

  // MARK: Other threads

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
    ] {
      let expected = label == "thread read_login" || label == "thread request" ? 2 : 0
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
