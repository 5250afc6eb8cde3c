import Testing
import TicTacToeGameCore
import TicTacToeNewGameCore
import UnidirectionalFlow
import UnidirectionalFlowTesting

@MainActor
struct TicTacToeNewGameCoreTests {
  @Test func flow() async {
    let store = TestStore(initialState: NewGame.State()) { NewGame() }
    #expect(!store.state.isLetsPlayButtonEnabled)

    await store.send(\.binding.oPlayerName, "Blob Jr.") { $0.oPlayerName = "Blob Jr." }
    #expect(!store.state.isLetsPlayButtonEnabled)
    await store.send(\.binding.xPlayerName, "Blob Sr.") { $0.xPlayerName = "Blob Sr." }
    #expect(store.state.isLetsPlayButtonEnabled)

    await store.send(.letsPlayButtonTapped) {
      $0.game = Game.State(oPlayerName: "Blob Jr.", xPlayerName: "Blob Sr.")
    }
    await store.send(.game(.presented(.cellTapped(row: 0, column: 0)))) {
      $0.game?.board[0][0] = .x
      $0.game?.currentPlayer = .o
    }

    // Quitting a game in progress asks first; confirming leaves the game in the same
    // reduction (the game's own `dismiss` effect is cancelled with it, so no `game.dismiss`
    // comes back later). The unfinished game is not counted.
    await store.send(\.game.quitButtonTapped) { $0.game?.alert = .confirmQuit }
    await store.send(\.game.alert.confirmQuitButtonTapped) {
      $0.game = nil
    }
    #expect(store.state.scoreboard.isEmpty)

    await store.send(.letsPlayButtonTapped) {
      $0.game = Game.State(oPlayerName: "Blob Jr.", xPlayerName: "Blob Sr.")
    }
    await store.send(\.game.dismiss) { $0.game = nil }

    // Logging out is the app's business: nothing changes here.
    await store.send(.logoutButtonTapped)
    // The quit's dismissal effect was cancelled with the game; wait for it to end.
    await store.finish()
  }

  @Test func letsPlayPresentsAGameWithTheNames() async {
    let store = TestStore(
      initialState: NewGame.State(oPlayerName: "Blob Jr.", xPlayerName: "Blob Sr.")
    ) {
      NewGame()
    }
    await store.send(.letsPlayButtonTapped) {
      $0.game = Game.State(oPlayerName: "Blob Jr.", xPlayerName: "Blob Sr.")
    }
    #expect(store.state.game?.title == "Blob Sr., place your X")
  }

  @Test(arguments: [("", ""), ("Blob Jr.", ""), ("", "Blob Sr.")])
  func letsPlayWhileDisabledChangesNothing(oPlayerName: String, xPlayerName: String) async {
    let store = TestStore(
      initialState: NewGame.State(oPlayerName: oPlayerName, xPlayerName: xPlayerName)
    ) {
      NewGame()
    }
    #expect(!store.state.isLetsPlayButtonEnabled)
    await store.send(.letsPlayButtonTapped)
  }

  @Test func gameActionsWithoutAGameAreIgnoredAndReported() async {
    let store = TestStore(initialState: NewGame.State()) { NewGame() }
    await withKnownIssue {
      await store.send(\.game.cellTapped, (row: 0, column: 0))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("while nothing was presented") }
    }
    #expect(store.state == NewGame.State())
  }
}
