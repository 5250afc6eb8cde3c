import TicTacToeAppCore
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore

/// The baseline of the `app` benchmarks: the app's logic for the actions ``AppScript`` sends,
/// written as one `switch` over the app's own state and actions, without the library.
///
/// It changes the state exactly as the app's reducers do (the `app` group checks that both end
/// in the same state) and, like them, takes a screen's state out of the enum, changes it and
/// puts it back.
enum ManualApp: ManualReducer {
  typealias State = TicTacToe.State
  typealias Action = TicTacToe.Action

  static func apply(_ action: Action, to state: inout State) {
    switch action {
    case .login(let action):
      guard case .login(var login) = state else { return }
      switch action {
      case .view(.binding(let binding)):
        binding.set(&login)
        login.isFormValid = !login.email.isEmpty && !login.password.isEmpty
      case .loginResponse(.success(let response)) where !response.twoFactorRequired:
        state = .newGame(NewGame.State())
        return
      default:
        return
      }
      state = .login(login)
    case .newGame(let action):
      guard case .newGame(var newGame) = state else { return }
      switch action {
      case .binding(let binding):
        binding.set(&newGame)
      case .letsPlayButtonTapped:
        guard newGame.isLetsPlayButtonEnabled else { return }
        newGame.game = Game.State(
          oPlayerName: newGame.oPlayerName, xPlayerName: newGame.xPlayerName)
      case .logoutButtonTapped:
        state = .login(Login.State())
        return
      case .game(.presented(.cellTapped(let row, let column))):
        guard var game = newGame.game, game.alert == nil, (0...2).contains(row),
          (0...2).contains(column), game.board[row][column] == nil, game.board.winner == nil
        else { return }
        game.board[row][column] = game.currentPlayer
        if game.board.winner == nil { game.currentPlayer = game.currentPlayer.toggled }
        if game.isOver { newGame.scoreboard.record(winner: game.winner.map { game.name(of: $0) }) }
        newGame.game = game
      case .game(.presented(.playAgainButtonTapped)):
        guard let game = newGame.game, game.alert == nil else { return }
        newGame.game = Game.State(oPlayerName: game.oPlayerName, xPlayerName: game.xPlayerName)
      default:
        return
      }
      state = .newGame(newGame)
    }
  }
}
