import JSONLines
import TestSupport
import Testing

/// The quit confirmation and the scoreboard over JSON-lines (issue 15, item 4): the game's
/// `alert`, the intents it holds back with their reason, and the new-game screen's additive
/// `scoreboard` field.
@Suite struct QuitConfirmationAndScoreboardTests {
  @Test func quittingAGameInProgressAsksAndHoldsTheBoardUntilAnswered() throws {
    let lines =
      Input.startGame + Input.play([(0, 0)]) + [
        Input.action("newGame.game.quitButtonTapped"),
        Input.action("newGame.game.cellTapped", ["row": 1, "column": 1], id: "under"),
        Input.action("newGame.game.playAgainButtonTapped", id: "again"),
        Input.action("newGame.game.alert.dismiss"),
        Input.action("newGame.game.alert.dismiss", id: "twice"),
        Input.action("newGame.game.alert.confirmQuitButtonTapped", id: "none"),
      ] + Input.play([(1, 1)])
    let transcript = try HostProcess.run(lines: lines)
    let reason = "answer the alert first: quit, or keep playing"
    #expect(
      transcript.errors.map { [$0.message ?? "", $0.value["id"]?.string ?? ""] } == [
        [reason, "under"], [reason, "again"],
        ["no quit confirmation is shown on the game screen", "twice"],
        ["no quit confirmation is shown on the game screen", "none"],
      ])
    let games = transcript.states.compactMap { $0["newGame"]?["game"] }
    let alerts = games.map { $0["alert"]?["title"]?.string }
    #expect(alerts.suffix(3) == ["Quit this game?", nil, nil])
    // "Keep playing", then the next move is made; nothing was counted.
    #expect(games.last?["board"]?.array?[1].array?[1].string == "o")
    #expect(transcript.states.last?["newGame"]?["scoreboard"] == States.scoreboard())
  }

  @Test func finishedGamesAreCountedAndQuittingThemAsksNothing() throws {
    let win = Input.play([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
    let tie = Input.play([(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1), (2, 0), (2, 2)])
    let lines =
      Input.startGame + win + [Input.action("newGame.game.playAgainButtonTapped")] + tie + [
        Input.action("newGame.game.quitButtonTapped"), Input.command("settle"),
        Input.action("newGame.binding.xPlayerName", ["value": "Blub"]),
        Input.action("newGame.binding.oPlayerName", ["value": "Blob"]),
        Input.action("newGame.letsPlayButtonTapped"),
      ] + win
    let transcript = try HostProcess.run(lines: lines)
    #expect(transcript.errors.isEmpty)
    let scoreboards = transcript.states.compactMap { $0["newGame"]?["scoreboard"] }
    // Each count appears in the state of the move that ended the game, and only then.
    var changes: [JSONValue] = []
    for scoreboard in scoreboards where scoreboard != changes.last { changes.append(scoreboard) }
    #expect(
      changes == [
        States.scoreboard(), States.scoreboard([("Blob", 1)]),
        States.scoreboard([("Blob", 1)], ties: 1),
        // Blub played X in the third game and won: wins go to names, ties stay.
        States.scoreboard([("Blob", 1), ("Blub", 1)], ties: 1),
      ])
    #expect(!transcript.states.contains { $0["newGame"]?["game"]?["alert"]?.isNull == false })
    // Each finished game was left by its "Quit" alone, never by a later dismissal.
    #expect(!transcript.actions.contains("newGame.game.dismiss"))
  }

  /// Issue 22, P1: leaving a game is done before the next line is read, with no `settle`
  /// between them, so the logout right after it meets the new-game screen.
  @Test func theLineAfterLeavingAGameMeetsTheNewGameScreen() throws {
    let win = Input.play([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
    let lines =
      Input.startGame + win + [
        Input.action("newGame.game.quitButtonTapped"),
        Input.action("newGame.logoutButtonTapped", id: "finished"),
      ] + Input.startGame + Input.play([(0, 0)]) + [
        Input.action("newGame.game.quitButtonTapped"),
        Input.action("newGame.game.alert.confirmQuitButtonTapped"),
        Input.action("newGame.logoutButtonTapped", id: "confirmed"),
      ]
    let transcript = try HostProcess.run(lines: lines)
    #expect(transcript.errors.map(\.message) == [])
    #expect(transcript.actions.filter { $0 == "newGame.logoutButtonTapped" }.count == 2)
    #expect(transcript.states.last?["login"] != nil)
  }
}
