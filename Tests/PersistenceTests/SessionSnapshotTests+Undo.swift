import Persistence
import Testing
import TicTacToeAppCore
import TicTacToeGameCore
import TicTacToeNewGameCore

/// The undo history of the game in the session file (issue 22, P6).
extension SessionSnapshotTests {
  private static func game(_ marks: [(Int, Int, Player)]) -> TicTacToe.State {
    var game = Game.State(oPlayerName: "Blub", xPlayerName: "Blob")
    for (row, column, player) in marks { game.board[row][column] = player }
    game.currentPlayer = marks.count % 2 == 0 ? .x : .o
    return .newGame(NewGame.State(oPlayerName: "Blub", xPlayerName: "Blob", game: game))
  }

  @Test func theStatesBeforeEachMoveRoundTripOldestFirst() throws {
    let undo = [Self.game([]), Self.game([(1, 1, .x)])]
    let state = Self.game([(1, 1, .x), (0, 2, .o)])
    let bytes = SessionSnapshot.encode(state, undo: undo)
    let decoded = try SessionSnapshot.decodeWithUndo(bytes)
    #expect(decoded.state == state)
    #expect(decoded.undo == undo)
    // Without a history, the file is as before: no `undo` member at all.
    #expect(!String(decoding: SessionSnapshot.encode(state), as: UTF8.self).contains("undo"))
    #expect(try SessionSnapshot.decodeWithUndo(SessionSnapshot.encode(state)).undo == [])
  }

  @Test func aBadUndoMemberNamesWhereItIsWrong() {
    let start = #"{"format":"tictactoe-session","version":1,"state":{"screen":"login","email":""}"#
    for (undo, problem) in [
      (#""undo":3"#, "undo: must be an array of at most 9 states"),
      (#""undo":[{"screen":"game"}]"#, "undo[0].screen: must be"),
    ] {
      #expect {
        _ = try SessionSnapshot.decodeWithUndo(Array((start + "," + undo + "}").utf8))
      } throws: { error in
        "\(error)".contains(problem)
      }
    }
  }
}
