import FrontEndHost
import Testing
import TicTacToeFrontEndABI

/// An attached front end holds its host, so that the routines it calls on the store thread use
/// the host unretained, with no weak load; it lets go at detach, so a host whose front ends are
/// all detached is freed as before.
@MainActor
@Suite struct HostLifetimeTests {
  @Test func anAttachedFrontEndHoldsItsHostUntilItIsDetached() async throws {
    let probe = try await Probe()
    weak var weakHost: FrontEndHost?
    let session: AttachedFrontEnd
    do {
      let host = makeTestHost()
      weakHost = host
      session = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
    }
    // Nothing but the front end holds the host now: its calls still reach it.
    #expect(probe.send(TTT_ACTION_LOGIN_SET_EMAIL, text: "probe@example.com") == TTT_OK)
    try #require(weakHost).detach(session)
    #expect(weakHost == nil)
    #expect(probe.send(TTT_ACTION_LOGIN_SET_EMAIL, text: "after@example.com") == TTT_ERR_DETACHED)
  }
}
