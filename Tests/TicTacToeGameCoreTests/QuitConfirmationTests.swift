import Synchronization
import Testing
import TicTacToeGameCore
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// Quitting a game in progress asks first; quitting a finished one does not (issue 15, item 4).
@MainActor
struct QuitConfirmationTests {
  /// How many times the game called its `dismiss` dependency.
  private final class Dismissals: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
  }

  private static func store(
    _ state: Game.State = Game.State(oPlayerName: "Blub", xPlayerName: "Blob"),
    dismissals: Dismissals
  ) -> TestStore<Game.State, Game.Action> {
    TestStore(initialState: state) {
      Game()
    } withDependencies: {
      $0.dismiss = DismissEffect { dismissals.add() }
    }
  }

  @Test func keepPlayingDismissesTheAlertAndTheBoardTakesTapsAgain() async {
    let dismissals = Dismissals()
    let store = Self.store(dismissals: dismissals)
    await store.send(.cellTapped(row: 0, column: 0)) {
      $0.board[0][0] = .x
      $0.currentPlayer = .o
    }
    await store.send(.quitButtonTapped) { $0.alert = .confirmQuit }
    #expect(store.state.alert?.title == "Quit this game?")
    #expect(store.state.alert?.buttons.map(\.label) == ["Quit", "Keep playing"])

    // While the alert is up, the board and the buttons under it change nothing.
    await store.send(.cellTapped(row: 1, column: 1))
    await store.send(.playAgainButtonTapped)
    await store.send(.quitButtonTapped)

    await store.send(\.alert.dismiss) { $0.alert = nil }
    await store.send(.cellTapped(row: 1, column: 1)) {
      $0.board[1][1] = .o
      $0.currentPlayer = .x
    }
    await store.finish()
    #expect(dismissals.value == 0)
  }

  @Test func quittingAFinishedGameDoesNotAsk() async {
    var won = Game.State(oPlayerName: "Blub", xPlayerName: "Blob")
    for column in 0..<3 { won.board[0][column] = .x }
    var tied = Game.State(oPlayerName: "Blub", xPlayerName: "Blob")
    let marks: [[Player]] = [[.x, .o, .x], [.x, .o, .o], [.o, .x, .x]]
    for row in 0..<3 { for column in 0..<3 { tied.board[row][column] = marks[row][column] } }

    for finished in [won, tied] {
      let dismissals = Dismissals()
      let store = Self.store(finished, dismissals: dismissals)
      #expect(store.state.isOver)
      await store.send(.quitButtonTapped)
      await store.finish()
      #expect(dismissals.value == 1)
    }
  }

  @Test func aFreshGameCountsAsInProgress() async {
    let dismissals = Dismissals()
    let store = Self.store(dismissals: dismissals)
    await store.send(.quitButtonTapped) { $0.alert = .confirmQuit }
    await store.send(\.alert.confirmQuitButtonTapped) { $0.alert = nil }
    await store.finish()
    #expect(dismissals.value == 1)
  }
}
