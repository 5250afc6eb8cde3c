import Persistence
import Testing
import TicTacToeAppCore
import TicTacToeAuthenticationClient
import UnidirectionalFlow
import UnidirectionalFlowTesting

@MainActor
struct EffectsDroppedTests {
  /// A sign-in, a tied game and a logout, as the host replays them.
  static let visit: [TicTacToe.Action] =
    [
      .login(.view(.binding(.set(\.email, "blob@pointfree.co")))),
      .login(.view(.binding(.set(\.password, "password")))),
      .login(.view(.loginButtonTapped)),
      .login(
        .loginResponse(.success(AuthenticationResponse(token: "t", twoFactorRequired: false)))),
      .newGame(.binding(.set(\.xPlayerName, "Blob"))),
      .newGame(.binding(.set(\.oPlayerName, "Blub"))),
      .newGame(.letsPlayButtonTapped),
    ]
    + [(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1), (2, 0), (2, 2)].map {
      .newGame(.game(.presented(.cellTapped(row: $0.0, column: $0.1))))
    } + [.newGame(.logoutButtonTapped)]

  /// The host's reducer holds the app's body, built once: a store running it evaluates no body
  /// for an action (the test store fails on the report of one), and starts no effect.
  @Test func theHostsReducerIsBuiltOnceAndDropsEffects() async {
    let reducer: EffectsDropped<TicTacToe.Body> = TicTacToe().droppingEffects(if: true)
    #expect(reducer.isDropping)
    let store = TestStore(initialState: TicTacToe.State()) {
      TicTacToe().droppingEffects(if: true)
    }
    store.exhaustivity = .off
    for action in Self.visit { await store.send(action) }
    #expect(store.state == TicTacToe.State())
    await store.finish()
  }
}
