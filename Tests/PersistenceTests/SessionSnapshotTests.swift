import Persistence
import Testing
import TicTacToeAppCore
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import TicTacToeTwoFactorCore
import UnidirectionalFlow

struct SessionSnapshotTests {
  func text(_ state: TicTacToe.State) -> String {
    String(decoding: SessionSnapshot.encode(state), as: UTF8.self)
  }

  func decode(_ text: String) throws(SessionSnapshot.DecodeError) -> TicTacToe.State {
    try SessionSnapshot.decode(Array(text.utf8))
  }

  @Test func aGameInProgressRoundTrips() throws {
    var game = Game.State(oPlayerName: "Blub", xPlayerName: "Blob")
    game.board[0][0] = .x
    game.board[1][1] = .o
    game.board[0][2] = .x
    game.currentPlayer = .o
    let state = TicTacToe.State.newGame(
      NewGame.State(oPlayerName: "Blub", xPlayerName: "Blob", game: game))
    #expect(try decode(text(state)) == state)
    #expect(text(state).contains(#""board":["X.X",".O.","..."],"currentPlayer":"O""#))
  }

  @Test func theNewGameFormAndTheLoginScreenRoundTrip() throws {
    let form = TicTacToe.State.newGame(NewGame.State(oPlayerName: "Ö", xPlayerName: "\"x\""))
    #expect(try decode(text(form)) == form)
    var login = Login.State()
    login.email = "blob@pointfree.co"
    login.alert = AlertState(title: "Invalid user or password.")
    #expect(try decode(text(.login(login))) == .login(login))
  }

  @Test func secretsAndRequestsInFlightAreNotSaved() throws {
    var login = Login.State()
    login.email = "blob2fa@pointfree.co"
    login.password = "s3cret-Pa55"
    login.isFormValid = true
    login.isLoginRequestInFlight = true
    var twoFactor = TwoFactor.State(token: "deadbeef-token")
    twoFactor.code = "12"
    twoFactor.isTwoFactorRequestInFlight = true
    login.twoFactor = twoFactor
    let saved = text(.login(login))
    #expect(!saved.contains("s3cret-Pa55"))
    #expect(!saved.contains("deadbeef-token"))

    // Two-factor restores to the login screen, the email kept, nothing in flight.
    var expected = Login.State()
    expected.email = "blob2fa@pointfree.co"
    #expect(try decode(saved) == .login(expected))
    #expect(SessionSnapshot.restored(.login(login)) == .login(expected))
  }

  @Test(
    arguments: [
      ("", "it is not JSON"),
      (
        #"{"format":"tictactoe-session","version":1,"state":{"screen":"login","email":"a""#,
        "it is not JSON"
      ),
      (#"{"version":1,"state":{}}"#, "it is not a tictactoe session"),
      (#"[1,2]"#, "it is not a tictactoe session"),
      (
        #"{"format":"tictactoe-session","version":2,"state":{}}"#,
        "written by a newer tictactoe (format version 2; this one reads up to 1)"
      ),
      (#"{"format":"tictactoe-session","version":"1"}"#, "version: must be a positive integer"),
      (#"{"format":"tictactoe-session","version":1}"#, "state: is missing"),
      (
        #"{"format":"tictactoe-session","version":1,"state":{"screen":"game"}}"#,
        #"state.screen: must be "login" or "newGame", not "game""#
      ),
      (
        #"{"format":"tictactoe-session","version":1,"state":{"screen":"login","email":3}}"#,
        "state.email: must be a string, not a number"
      ),
      (
        #"{"format":"tictactoe-session","version":1,"state":{"screen":"newGame","xPlayerName":"a","#
          + #""oPlayerName":"b","game":{"xPlayerName":"a","oPlayerName":"b","#
          + #""board":["X..","?..","..."],"currentPlayer":"X"}}}"#,
        #"state.game.board[1]: must be 3 marks, each X, O or ., not "?..""#
      ),
      (
        #"{"format":"tictactoe-session","version":1,"state":{"screen":"newGame","xPlayerName":"a","#
          + #""oPlayerName":"b","game":{"xPlayerName":"a","oPlayerName":"b","#
          + #""board":["...","..."],"currentPlayer":"X"}}}"#,
        "state.game.board: must have 3 rows, not 2"
      ),
      (
        #"{"format":"tictactoe-session","version":1,"state":{"screen":"newGame","xPlayerName":"a","#
          + #""oPlayerName":"b","game":{"xPlayerName":"a","oPlayerName":"b","#
          + #""board":["...","...","..."],"currentPlayer":"Z"}}}"#,
        #"state.game.currentPlayer: must be "X" or "O", not "Z""#
      ),
    ])
  func aFileThatIsNotARestorableSessionSaysWhatIsWrong(text: String, problem: String) {
    #expect {
      _ = try decode(text)
    } throws: { error in
      String(describing: error).contains(problem)
    }
  }
}
