import FrontEndKit
import Testing
import TicTacToeAppCore
import TicTacToeAuthenticationClient
import TicTacToeFrontEndABI

@testable import FrontEndHost

/// A screen read from an action observer, which the store tells after the reducer ran and
/// before the history counts the change: the export shows the state the action made, not the
/// one another front end read before the action at the same revision.
@MainActor
@Suite struct ExportActionWindowTests {
  @Test func anActionObserverReadsTheScreenTheActionMade() throws {
    let host = makeTestHost()
    let (session, connection) = StateJSONReflectionTests.connection(to: host)
    defer { session.host = nil }
    #expect(connection.login()?.email == "")

    var seen: String?
    let observation = host.store.observeActions { _, _ in seen = connection.login()?.email }
    host.store.send(.login(.view(.binding(.set(\.email, "blob@pointfree.co")))))
    observation.cancel()
    #expect(seen == "blob@pointfree.co")
  }

  @Test func anActionObserverReadsTheRootTheActionMade() throws {
    let host = makeTestHost()
    let (session, connection) = StateJSONReflectionTests.connection(to: host)
    defer { session.host = nil }
    #expect(connection.rootState().active == TTT_FEATURE_LOGIN.rawValue)

    var seen: UInt32?
    let observation = host.store.observeActions { _, _ in seen = connection.rootState().active }
    host.store.send(
      .login(
        .loginResponse(.success(AuthenticationResponse(token: "t", twoFactorRequired: false)))))
    observation.cancel()
    #expect(seen == TTT_FEATURE_NEW_GAME.rawValue)
  }
}
