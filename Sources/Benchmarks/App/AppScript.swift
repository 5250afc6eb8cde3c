import TicTacToeAppCore
import TicTacToeAuthenticationClient
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore

/// The actions the `app` benchmarks send, the same to the app's store and to the hand-written
/// switch: each list leaves the state where it found it, so that it can be sent again and again.
enum AppScript {
  /// Two edits of the login form's email, alternately: a keystroke's worth of work.
  static let loginEdits: [TicTacToe.Action] = [
    .login(.view(.binding(.set(\.email, "blob@pointfree.co")))),
    .login(.view(.binding(.set(\.email, "blub@pointfree.co")))),
  ]

  /// From the login screen to a game's first move: sign in, name the players, start.
  static let toGame: [TicTacToe.Action] = [
    .login(.view(.binding(.set(\.email, "blob@pointfree.co")))),
    .login(.view(.binding(.set(\.password, "password")))),
    .login(.loginResponse(.success(AuthenticationResponse(token: "t", twoFactorRequired: false)))),
    .newGame(.binding(.set(\.xPlayerName, "Blob"))),
    .newGame(.binding(.set(\.oPlayerName, "Blub"))),
    .newGame(.letsPlayButtonTapped),
  ]

  /// A tied game's nine moves, then "Play again", which empties the board for the next round.
  static let round: [TicTacToe.Action] =
    [(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1), (2, 0), (2, 2)].map {
      .newGame(.game(.presented(.cellTapped(row: $0.0, column: $0.1))))
    } + [.newGame(.game(.presented(.playAgainButtonTapped)))]

  /// A whole visit: sign in, name the players, play a tied game, log out (back at the start).
  static let fullGame: [TicTacToe.Action] =
    toGame + round.dropLast() + [.newGame(.logoutButtonTapped)]

  /// The state `toGame` leads to: a game waiting for its first move.
  static var inGame: TicTacToe.State {
    var state = TicTacToe.State()
    for action in toGame { ManualApp.apply(action, to: &state) }
    return state
  }
}
