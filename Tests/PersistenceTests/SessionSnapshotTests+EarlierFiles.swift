import Persistence
import Testing
import TicTacToeAppCore
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import UnidirectionalFlow

/// Files written by the build before the session file derived from the schema (main at
/// c4ebbff, `--frontend jsonl --session`), byte for byte: they load into the state they were
/// saved from, and what this build writes for that state loads into it again.
extension SessionSnapshotTests {
  static let gameFile =
    #"{"format":"tictactoe-session","version":1,"state":{"screen":"newGame","xPlayerName":"Blob","#
    + #""oPlayerName":"Blub \"Jr.\"","game":{"xPlayerName":"Blob","oPlayerName":"Blub \"Jr.\"","#
    + #""board":["O..","...","..X"],"currentPlayer":"X","isConfirmingQuit":true},"#
    + #""scoreboard":{"wins":{"Blob":1},"ties":0}},"undo":[{"screen":"newGame","xPlayerName":"Blob","#
    + #""oPlayerName":"Blub \"Jr.\"","game":{"xPlayerName":"Blob","oPlayerName":"Blub \"Jr.\"","#
    + #""board":["...","...","..."],"currentPlayer":"X"},"scoreboard":{"wins":{"Blob":1},"ties":0}},"#
    + #"{"screen":"newGame","xPlayerName":"Blob","oPlayerName":"Blub \"Jr.\"","game":{"#
    + #""xPlayerName":"Blob","oPlayerName":"Blub \"Jr.\"","board":["...","...","..X"],"#
    + #""currentPlayer":"O"},"scoreboard":{"wins":{"Blob":1},"ties":0}}]}"# + "\n"

  static let loginFile =
    #"{"format":"tictactoe-session","version":1,"state":{"screen":"login","#
    + #""email":"blob@pointfree.co","alert":"Unknown user or invalid password."}}"# + "\n"

  @Test func aGameFileWrittenBeforeTheSchemaLoadsWithItsUndoHistory() throws {
    func game(_ marks: [(Int, Int, Player)], turn: Player) -> TicTacToe.State {
      var game = Game.State(oPlayerName: "Blub \"Jr.\"", xPlayerName: "Blob")
      for (row, column, player) in marks { game.board[row][column] = player }
      game.currentPlayer = turn
      return .newGame(
        NewGame.State(
          oPlayerName: "Blub \"Jr.\"", xPlayerName: "Blob", game: game,
          scoreboard: Scoreboard(wins: ["Blob": 1])))
    }
    guard case .newGame(var expected) = game([(0, 0, .o), (2, 2, .x)], turn: .x) else { return }
    expected.game?.alert = .confirmQuit
    let loaded = try SessionSnapshot.decodeWithUndo(Array(Self.gameFile.utf8))
    #expect(loaded.state == .newGame(expected))
    #expect(loaded.undo == [game([], turn: .x), game([(2, 2, .x)], turn: .o)])

    let written = SessionSnapshot.encode(loaded.state, undo: loaded.undo)
    let again = try SessionSnapshot.decodeWithUndo(written)
    #expect(again.state == loaded.state)
    #expect(again.undo == loaded.undo)
    // The same members in the same forms; only their order follows the schema now.
    #expect(sortedCharacters(written) == sortedCharacters(Array(Self.gameFile.utf8)))
  }

  @Test func aLoginFileWrittenBeforeTheSchemaLoadsAndIsWrittenTheSame() throws {
    var login = Login.State()
    login.email = "blob@pointfree.co"
    login.alert = AlertState(title: TextState("Unknown user or invalid password."))
    #expect(try decode(Self.loginFile) == .login(login))
    #expect(text(.login(login)) == Self.loginFile)
  }

  private func sortedCharacters(_ bytes: [UInt8]) -> [UInt8] { bytes.sorted() }
}
