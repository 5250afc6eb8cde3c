import Testing
import TicTacToeGameCore
import TicTacToeNewGameCore
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// The new-game screen counts each finished game exactly once (issue 15, item 4).
@MainActor
struct ScoreboardCountingTests {
  private typealias Move = (row: Int, column: Int)

  private static func playing() -> TestStore<NewGame.State, NewGame.Action> {
    TestStore(
      initialState: NewGame.State(
        oPlayerName: "Blub", xPlayerName: "Blob",
        game: Game.State(oPlayerName: "Blub", xPlayerName: "Blob"))
    ) {
      NewGame()
    }
  }

  /// Plays `moves` (X first) up to the last, which the caller sends with its own expectation.
  private static func play(
    _ moves: [Move], first: Player = .x, on store: TestStore<NewGame.State, NewGame.Action>
  ) async {
    var player = first
    for move in moves {
      await store.send(.game(.presented(.cellTapped(row: move.row, column: move.column)))) {
        $0.game?.board[move.row][move.column] = player
        $0.game?.currentPlayer = player.toggled
      }
      player = player.toggled
    }
  }

  @Test func aWinIsCountedOnceForTheWinnersName() async {
    let store = Self.playing()
    await Self.play([(0, 0), (1, 0), (0, 1), (1, 1)], on: store)
    await store.send(.game(.presented(.cellTapped(row: 0, column: 2)))) {
      $0.game?.board[0][2] = .x
      $0.scoreboard = Scoreboard(wins: ["Blob": 1])
    }
    // Taps on the finished board change nothing, and count nothing again.
    await store.send(.game(.presented(.cellTapped(row: 2, column: 2))))
    await store.send(.game(.presented(.cellTapped(row: 0, column: 0))))

    // Quitting a finished game asks nothing, leaves it in the same reduction, and counts
    // nothing more.
    await store.send(\.game.quitButtonTapped) { $0.game = nil }
    #expect(store.state.scoreboard == Scoreboard(wins: ["Blob": 1]))
    await store.finish()
  }

  @Test func playingAgainCountsTheNextGameATie() async {
    let store = Self.playing()
    await Self.play([(1, 0), (0, 0), (1, 1), (0, 1)], on: store)
    await store.send(.game(.presented(.cellTapped(row: 1, column: 2)))) {
      $0.game?.board[1][2] = .x
      $0.scoreboard = Scoreboard(wins: ["Blob": 1])
    }
    await store.send(\.game.playAgainButtonTapped) {
      $0.game = Game.State(oPlayerName: "Blub", xPlayerName: "Blob")
    }
    // X O X / X O O / O X X: a full board, no line.
    await Self.play(
      [(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1), (2, 0)], on: store)
    await store.send(.game(.presented(.cellTapped(row: 2, column: 2)))) {
      $0.game?.board[2][2] = .x
      $0.game?.currentPlayer = .o
      $0.scoreboard = Scoreboard(wins: ["Blob": 1], ties: 1)
    }
    #expect(store.state.game?.isTied == true)
    await store.send(\.game.playAgainButtonTapped) {
      $0.game = Game.State(oPlayerName: "Blub", xPlayerName: "Blob")
    }
    // O wins the third game: Blub's name is counted, and the standings put Blob first by name.
    await Self.play([(2, 2), (0, 0), (2, 1), (0, 1), (1, 1)], on: store)
    await store.send(.game(.presented(.cellTapped(row: 0, column: 2)))) {
      $0.game?.board[0][2] = .o
      $0.scoreboard = Scoreboard(wins: ["Blob": 1, "Blub": 1], ties: 1)
    }
    #expect(store.state.scoreboard.standings.map(\.name) == ["Blob", "Blub"])
  }

  @Test func quittingAGameInProgressCountsNothing() async {
    let store = Self.playing()
    await Self.play([(0, 0), (1, 0), (0, 1), (1, 1)], on: store)
    await store.send(\.game.quitButtonTapped) { $0.game?.alert = .confirmQuit }
    // The winning tap under the alert is ignored, so nothing is counted.
    await store.send(.game(.presented(.cellTapped(row: 0, column: 2))))
    await store.send(\.game.alert.confirmQuitButtonTapped) {
      $0.game = nil
    }
    #expect(store.state.scoreboard.isEmpty)
    await store.finish()
  }

  @Test func theScoreboardOutlivesTheGamesAndKeepsNamesNotMarks() async {
    let store = TestStore(
      initialState: NewGame.State(
        oPlayerName: "Blob", xPlayerName: "Blub", scoreboard: Scoreboard(wins: ["Blob": 2]))
    ) {
      NewGame()
    }
    await store.send(.letsPlayButtonTapped) {
      $0.game = Game.State(oPlayerName: "Blob", xPlayerName: "Blub")
    }
    // Blob now plays O and wins: the win goes to the name.
    await Self.play([(2, 2), (0, 0), (2, 1), (0, 1), (1, 1)], on: store)
    await store.send(.game(.presented(.cellTapped(row: 0, column: 2)))) {
      $0.game?.board[0][2] = .o
      $0.scoreboard = Scoreboard(wins: ["Blob": 3])
    }
  }
}
