import Synchronization
import Testing
import TicTacToeGameCore
import UnidirectionalFlow
import UnidirectionalFlowTesting

@MainActor
struct TicTacToeGameCoreTests {
  @Test func winnerSequence() async {
    let store = TestStore(
      initialState: Game.State(oPlayerName: "Blob Jr.", xPlayerName: "Blob Sr.")
    ) {
      Game()
    }
    #expect(store.state.title == "Blob Sr., place your X")
    await store.send(.cellTapped(row: 0, column: 0)) {
      $0.board[0][0] = .x
      $0.currentPlayer = .o
    }
    #expect(store.state.title == "Blob Jr., place your O")
    await store.send(.cellTapped(row: 2, column: 1)) {
      $0.board[2][1] = .o
      $0.currentPlayer = .x
    }
    await store.send(.cellTapped(row: 1, column: 0)) {
      $0.board[1][0] = .x
      $0.currentPlayer = .o
    }
    await store.send(.cellTapped(row: 1, column: 1)) {
      $0.board[1][1] = .o
      $0.currentPlayer = .x
    }
    #expect(store.state.winner == nil)
    #expect(!store.state.isBoardDisabled)
    #expect(!store.state.isPlayAgainButtonVisible)
    await store.send(.cellTapped(row: 2, column: 0)) {
      $0.board[2][0] = .x
    }
    #expect(store.state.currentPlayer == .x)
    #expect(store.state.winner == .x)
    #expect(!store.state.isTied)
    #expect(store.state.isBoardDisabled)
    #expect(store.state.isPlayAgainButtonVisible)
    #expect(store.state.title == "Winner! Congrats Blob Sr.!")
  }

  @Test func tie() async {
    let store = TestStore(
      initialState: Game.State(oPlayerName: "Blob Jr.", xPlayerName: "Blob Sr.")
    ) {
      Game()
    }
    // X O X
    // X O O
    // O X X
    let moves: [(row: Int, column: Int, player: Player)] = [
      (0, 0, .x), (0, 1, .o), (0, 2, .x), (1, 1, .o), (1, 0, .x), (1, 2, .o), (2, 1, .x),
      (2, 0, .o),
    ]
    for move in moves {
      await store.send(.cellTapped(row: move.row, column: move.column)) {
        $0.board[move.row][move.column] = move.player
        $0.currentPlayer = move.player.toggled
      }
      #expect(!store.state.isTied)
    }
    await store.send(.cellTapped(row: 2, column: 2)) {
      $0.board[2][2] = .x
      $0.currentPlayer = .o
    }
    #expect(store.state.board.isFilled)
    #expect(store.state.winner == nil)
    #expect(store.state.isTied)
    #expect(store.state.isBoardDisabled)
    #expect(store.state.isPlayAgainButtonVisible)
    #expect(store.state.title == "Tied game!")

    // A full board accepts no more taps.
    await store.send(.cellTapped(row: 0, column: 0))
  }

  @Test func playAgainResets() async {
    var state = Game.State(oPlayerName: "Blob Jr.", xPlayerName: "Blob Sr.")
    state.board = Three(Three(.x, .x, .x), Three(.o, .o, nil), Three(nil, nil, nil))
    let store = TestStore(initialState: state) { Game() }
    #expect(store.state.winner == .x)
    await store.send(.playAgainButtonTapped) {
      $0 = Game.State(oPlayerName: "Blob Jr.", xPlayerName: "Blob Sr.")
    }
    #expect(store.state.board == .empty)
    #expect(store.state.currentPlayer == .x)
    #expect(store.state.title == "Blob Sr., place your X")
  }

  @Test func tappingATakenCellChangesNothing() async {
    let store = TestStore(
      initialState: Game.State(oPlayerName: "Blob Jr.", xPlayerName: "Blob Sr.")
    ) {
      Game()
    }
    await store.send(.cellTapped(row: 0, column: 0)) {
      $0.board[0][0] = .x
      $0.currentPlayer = .o
    }
    await store.send(.cellTapped(row: 0, column: 0))
  }

  @Test func tapsAfterAWinChangeNothing() async {
    var state = Game.State(oPlayerName: "Blob Jr.", xPlayerName: "Blob Sr.")
    state.board = Three(Three(.o, .x, .x), Three(.o, .x, nil), Three(.o, nil, nil))
    state.currentPlayer = .o
    let store = TestStore(initialState: state) { Game() }
    #expect(store.state.winner == .o)
    #expect(store.state.title == "Winner! Congrats Blob Jr.!")
    await store.send(.cellTapped(row: 2, column: 2))
  }

  @Test(arguments: [(-1, 0), (0, -1), (3, 0), (0, 3), (Int.min, Int.max), (7, 7)])
  func outOfRangeTapsAreIgnored(row: Int, column: Int) async {
    let store = TestStore(
      initialState: Game.State(oPlayerName: "Blob Jr.", xPlayerName: "Blob Sr.")
    ) {
      Game()
    }
    await withKnownIssue {
      await store.send(.cellTapped(row: row, column: column))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("outside the board") }
    }
    #expect(store.state == Game.State(oPlayerName: "Blob Jr.", xPlayerName: "Blob Sr."))
  }

  @Test func confirmingQuitCallsTheDismissDependency() async {
    let dismissals = Mutex(0)
    let store = TestStore(
      initialState: Game.State(oPlayerName: "Blob Jr.", xPlayerName: "Blob Sr.")
    ) {
      Game()
    } withDependencies: {
      $0.dismiss = DismissEffect { dismissals.withLock { $0 += 1 } }
    }
    await store.send(.quitButtonTapped) { $0.alert = .confirmQuit }
    #expect(dismissals.withLock { $0 } == 0)
    await store.send(\.alert.confirmQuitButtonTapped) { $0.alert = nil }
    await store.finish()
    #expect(dismissals.withLock { $0 } == 1)
  }

  @Test func playerMarksAndToggling() {
    #expect(Player.x.mark == "X")
    #expect(Player.o.mark == "O")
    #expect(Player.x.toggled == .o)
    #expect(Player.o.toggled == .x)
  }
}
