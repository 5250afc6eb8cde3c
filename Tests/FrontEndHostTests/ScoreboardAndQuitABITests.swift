import Foundation
import FrontEndHost
import Testing
import TicTacToeAppCore
import TicTacToeFrontEndABI
import TicTacToeGameCore
import TicTacToeNewGameCore

/// The scoreboard and the quit confirmation over the C ABI (issue 15, item 4), read and sent
/// from C by the probe front end.
@MainActor
@Suite struct ScoreboardAndQuitABITests {
  let host = makeTestHost()
  let probe: Probe

  init() async throws {
    probe = try await Probe()
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
  }

  /// X (Blob) takes the top row while O (Blub) plays the middle one.
  private func winAsBlob() {
    for (row, column) in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)] {
      #expect(
        probe.send(TTT_ACTION_GAME_CELL_TAPPED, row: Int32(row), column: Int32(column)) == TTT_OK)
    }
  }

  @Test func aFinishedGameIsCountedOnceAndReadThroughTheStandingsArray() async {
    await startGame(on: host)
    #expect(probe.scoreboard() == (TTT_OK, "ties 0"))
    winAsBlob()
    #expect(probe.send(TTT_ACTION_GAME_CELL_TAPPED, row: 2, column: 2) == TTT_ERR_DISABLED)
    #expect(probe.scoreboard() == (TTT_OK, "Blob 1, ties 0"))
    #expect(probe.send(TTT_ACTION_GAME_PLAY_AGAIN_BUTTON_TAPPED) == TTT_OK)
    // Blub wins the second: most wins first, then by name.
    for (row, column) in [(2, 2), (0, 0), (2, 1), (0, 1), (1, 1), (0, 2)] {
      #expect(
        probe.send(TTT_ACTION_GAME_CELL_TAPPED, row: Int32(row), column: Int32(column)) == TTT_OK)
    }
    #expect(probe.scoreboard() == (TTT_OK, "Blob 1, Blub 1, ties 0"))
    // Quitting the finished game asks nothing.
    #expect(probe.send(TTT_ACTION_GAME_QUIT_BUTTON_TAPPED) == TTT_OK)
    #expect(probe.readGame().1.alert_title == nil)
    await host.store.awaitEffects()
    #expect(!probe.isActive(TTT_FEATURE_GAME))
    #expect(probe.scoreboard() == (TTT_OK, "Blob 1, Blub 1, ties 0"))
    // A 1.1 front end's smaller struct gets nothing past its end.
    #expect(probe.newGameBytesChangedPast11 == 0)
  }

  @Test func quittingAGameInProgressAsksAndTheBoardWaitsForTheAnswer() async {
    await startGame(on: host)
    #expect(probe.send(TTT_ACTION_GAME_ALERT_DISMISS) == TTT_ERR_INACTIVE)
    #expect(probe.lastError == "no quit confirmation is shown on the game screen")
    #expect(probe.send(TTT_ACTION_GAME_CELL_TAPPED, row: 0, column: 0) == TTT_OK)
    #expect(probe.send(TTT_ACTION_GAME_QUIT_BUTTON_TAPPED) == TTT_OK)
    #expect(probe.readGame().1.alert_title.map { String(cString: $0) } == "Quit this game?")

    let before = host.store.state
    #expect(probe.send(TTT_ACTION_GAME_CELL_TAPPED, row: 1, column: 1) == TTT_ERR_DISABLED)
    #expect(probe.lastError == "answer the alert first: quit, or keep playing")
    #expect(probe.sendPathCell(1, 1) == TTT_ERR_DISABLED)
    #expect(probe.send(TTT_ACTION_GAME_QUIT_BUTTON_TAPPED) == TTT_ERR_DISABLED)
    #expect(host.store.state == before)

    // "Keep playing".
    #expect(probe.send(TTT_ACTION_GAME_ALERT_DISMISS) == TTT_OK)
    #expect(probe.readGame().1.alert_title == nil)
    #expect(probe.send(TTT_ACTION_GAME_CELL_TAPPED, row: 1, column: 1) == TTT_OK)

    // "Quit", through its case path.
    #expect(probe.send(TTT_ACTION_GAME_QUIT_BUTTON_TAPPED) == TTT_OK)
    #expect(probe.sendPath("newGame.game.alert.confirmQuitButtonTapped") == TTT_OK)
    await host.store.awaitEffects()
    #expect(!probe.isActive(TTT_FEATURE_GAME))
    #expect(probe.scoreboard() == (TTT_OK, "ties 0"))
    #expect(probe.actions.contains("frontend newGame.game.alert.dismiss"))
    #expect(probe.actions.contains("frontend newGame.game.alert.confirmQuitButtonTapped"))
    // The game was left with the confirmation itself, not by a later effect.
    #expect(!probe.actions.contains("effect newGame.game.dismiss"))
  }

  @Test func reflectionDescribesTheNewIntentsAndFields() {
    #expect(probe.actionPaths.contains("newGame.game.alert.confirmQuitButtonTapped"))
    #expect(probe.actionPaths.contains("newGame.game.alert.dismiss"))
    let fields = probe.fields
    #expect(
      fields.contains {
        $0.name == "ties" && $0.offset == MemoryLayout<ttt_new_game_state>.offset(of: \.ties)
      })
    #expect(fields.contains { $0.name == "standing_count" })
    #expect(
      fields.contains {
        $0.name == "alert_title" && $0.feature == TTT_FEATURE_GAME.rawValue
          && $0.offset == MemoryLayout<ttt_game_state>.offset(of: \.alert_title)
      })
  }
}
