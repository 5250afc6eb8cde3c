import Foundation
import FrontEndHost
import Testing
import TicTacToeAppCore
import TicTacToeFrontEndABI

/// Calling back into the host from inside change, action and detach callbacks.
extension HostileFrontEndTests {
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
}
