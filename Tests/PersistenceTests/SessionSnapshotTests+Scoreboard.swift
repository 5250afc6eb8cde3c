import Persistence
import Testing
import TicTacToeAppCore
import TicTacToeGameCore
import TicTacToeNewGameCore
import UnidirectionalFlow

/// The scoreboard and the quit confirmation in the session file (issue 15, item 4).
extension SessionSnapshotTests {
  @Test func theScoreboardAndAQuitConfirmationRoundTrip() throws {
    var game = Game.State(oPlayerName: "Blub", xPlayerName: "Blob")
    game.board[0][0] = .x
    game.currentPlayer = .o
    game.alert = .confirmQuit
    let state = TicTacToe.State.newGame(
      NewGame.State(
        oPlayerName: "Blub", xPlayerName: "Blob", game: game,
        scoreboard: Scoreboard(wins: ["Blob": 2, "Blub \"Jr.\"": 1], ties: 3)))
    #expect(try decode(text(state)) == state)
    #expect(SessionSnapshot.restored(state) == state)
    #expect(text(state).contains(#""scoreboard":{"wins":{"Blob":2,"Blub \"Jr.\"":1},"ties":3}"#))
    #expect(text(state).contains(#""isConfirmingQuit":true"#))
  }

  @Test func aFileWithoutAScoreboardStillLoadsWithAnEmptyOne() throws {
    let old =
      #"{"format":"tictactoe-session","version":1,"state":{"screen":"newGame","xPlayerName":"a","#
      + #""oPlayerName":"b","game":{"xPlayerName":"a","oPlayerName":"b","#
      + #""board":["X..","...","..."],"currentPlayer":"O"}}}"#
    guard case .newGame(let newGame) = try decode(old) else {
      Issue.record("a new-game session restored to another screen")
      return
    }
    #expect(newGame.scoreboard.isEmpty)
    #expect(newGame.game?.alert == nil)
    // An empty scoreboard is not written, so files stay as they were until a game ends.
    #expect(!text(.newGame(newGame)).contains("scoreboard"))
  }

  @Test(
    arguments: [
      (#""scoreboard":{"ties":-1}"#, "state.scoreboard.ties: must be a whole number of games"),
      (#""scoreboard":{"ties":1.5}"#, "state.scoreboard.ties: must be a whole number of games"),
      (
        #""scoreboard":{"ties":0,"wins":{"Blob":"2"}}"#,
        #"state.scoreboard.wins["Blob"]: must be a whole number of games"#
      ),
      (#""scoreboard":{"ties":0,"wins":[]}"#, "state.scoreboard.wins: must be an object"),
      (#""scoreboard":3"#, "state.scoreboard: must be an object"),
    ])
  func aBadScoreboardSaysWhereItIsWrong(member: String, problem: String) {
    let text =
      #"{"format":"tictactoe-session","version":1,"state":{"screen":"newGame","xPlayerName":"a","#
      + #""oPlayerName":"b","# + member + "}}"
    #expect {
      _ = try decode(text)
    } throws: { error in
      String(describing: error).contains(problem)
    }
  }
}
