import TicTacToeAppCore
import UnidirectionalFlow

/// The reducer of a `tictactoe attach` client's store: the game runs in the host, so an intent
/// is forwarded to it rather than reduced here, and the state changes when the host's `state`
/// event arrives.
///
/// A binding is the exception: it is applied here at once as well (through the app's own
/// reducer, with no effect), so that each keystroke edits the text the previous ones made,
/// however far behind the host's events are.
struct RemoteMirror: Reducer {
  /// The host's game.
  let game: RemoteGame
  /// The app's reducer, built once, with the mirror.
  let app: TicTacToe.Body = TicTacToe().body

  func reduce(
    into state: inout TicTacToe.State, action: TicTacToe.Action
  ) -> Effect<TicTacToe.Action> {
    let game = self.game
    MainActor.assumeIsolated { game.forward(action) }
    if RemoteIntent.bindingValue(of: action) != nil, UnconfirmedTyping.isShown(action, in: state) {
      _ = app.reduce(into: &state, action: action)
    }
    return .none
  }
}
