import Foundation
import FrontEndHost
import HostIO
import TestSupport
import TicTacToeAppCore
import TicTacToeAuthenticationClient
import TicTacToeAuthenticationClientLive
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// A host around a fresh app store whose server answers at once, for in-process tests.
@MainActor
func makeTestHost(
  initialState: TicTacToe.State = TicTacToe.State()
) -> FrontEndHost {
  let store = Store(initialState: initialState) {
    TicTacToe()
  } withDependencies: {
    $0.authenticationClient = .live(latency: .zero)
    $0.continuousClock = ImmediateClock()
  }
  let host = FrontEndHost(
    store: store,
    searchPath: FrontEndSearchPath(
      executablePath: Fixtures.binDirectory.appendingPathComponent("tictactoe").path,
      environment: [:]),
    loop: PollingEventLoop.shared)
  host.diagnostics = { _ in }
  host.onExit = { _ in }
  return host
}

/// Logs in as Blob (no second factor), names the players and starts a game.
@MainActor
func startGame(on host: FrontEndHost) async {
  host.store.send(.login(.view(.binding(.set(\.email, "blob@pointfree.co")))))
  host.store.send(.login(.view(.binding(.set(\.password, "password")))))
  host.store.send(.login(.view(.loginButtonTapped)))
  await host.store.awaitEffects()
  host.store.send(.newGame(.binding(.set(\.xPlayerName, "Blob"))))
  host.store.send(.newGame(.binding(.set(\.oPlayerName, "Blub"))))
  host.store.send(.newGame(.letsPlayButtonTapped))
}
