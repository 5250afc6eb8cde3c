import JSONLines
import TicTacToeAppCore
import TicTacToeAppSchema
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import TicTacToeTwoFactorCore
import UnidirectionalFlow

/// The app state of a JSON-lines `state` event (Documentation/JSONLines.md, "The state"), as
/// `tictactoe attach` mirrors it.
///
/// Secrets are not in events: a `password` or `token` that is not `""` comes as
/// `"<redacted>"`, and stays that placeholder here (``RemoteGame`` shows the password this
/// client typed, or none). Derived fields (`winner`, `isTied`) are recomputed by the state
/// itself. Every other field the host shows is carried: the scoreboard and the game's quit
/// confirmation too.
enum RemoteStateDecoder {
  /// Why an event's state cannot be read, naming where it is wrong: `state.newGame.game.board[1]`.
  typealias DecodeError = JSONObjectReader.Problem

  /// The state `value` (the event's `state` member) describes.
  static func state(from value: JSONValue?) throws(DecodeError) -> TicTacToe.State {
    let root = try JSONObjectReader(value, path: "state")
    if let login = try root.optional("login") { return .login(try decodeLogin(login)) }
    if let newGame = try root.optional("newGame") { return .newGame(try decodeNewGame(newGame)) }
    throw DecodeError("state", "has neither \"login\" nor \"newGame\"")
  }

  private static func decodeLogin(_ login: JSONObjectReader) throws(DecodeError) -> Login.State {
    var state = Login.State()
    state.email = try login.string("email")
    state.password = try login.string("password")
    state.isFormValid = try login.bool("isFormValid")
    state.isLoginRequestInFlight = try login.bool("isLoginRequestInFlight")
    if let alert = try login.optional("alert") {
      state.alert = AlertState(title: TextState(try alert.string("title")))
    }
    if let twoFactor = try login.optional("twoFactor") {
      var second = TwoFactor.State(token: try twoFactor.string("token"))
      second.code = try twoFactor.string("code")
      second.isFormValid = try twoFactor.bool("isFormValid")
      second.isTwoFactorRequestInFlight = try twoFactor.bool("isTwoFactorRequestInFlight")
      if let alert = try twoFactor.optional("alert") {
        second.alert = AlertState(title: TextState(try alert.string("title")))
      }
      state.twoFactor = second
    }
    return state
  }

  private static func decodeNewGame(_ newGame: JSONObjectReader) throws(DecodeError)
    -> NewGame.State
  {
    var state = NewGame.State(
      oPlayerName: try newGame.string("oPlayerName"),
      xPlayerName: try newGame.string("xPlayerName"))
    if let scoreboard = try newGame.optional("scoreboard") {
      state.scoreboard = try decodeScoreboard(scoreboard)
    }
    guard let game = try newGame.optional("game") else { return state }
    var playing = Game.State(
      oPlayerName: try game.string("oPlayerName"), xPlayerName: try game.string("xPlayerName"))
    let rows = try game.array("board")
    guard rows.count == 3 else {
      throw DecodeError(game.path + ".board", "must have 3 rows, not \(rows.count)")
    }
    for (row, cells) in rows.enumerated() {
      let path = "\(game.path).board[\(row)]"
      guard let cells = cells.array, cells.count == 3 else {
        throw DecodeError(path, "must be an array of 3 cells")
      }
      for (column, cell) in cells.enumerated() {
        if cell.isNull { continue }
        guard let player = player(cell.string) else {
          throw DecodeError("\(path)[\(column)]", "must be \"x\", \"o\" or null")
        }
        playing.board[row][column] = player
      }
    }
    guard let current = player(try game.string("currentPlayer")) else {
      throw DecodeError(game.path + ".currentPlayer", "must be \"x\" or \"o\"")
    }
    playing.currentPlayer = current
    // The game has one alert, the quit confirmation, whose buttons the event leaves out.
    if try game.optional("alert") != nil { playing.alert = .confirmQuit }
    state.game = playing
    return state
  }

  /// `{"standings":[{"name":"Blob","wins":2}],"ties":1}`.
  private static func decodeScoreboard(
    _ scoreboard: JSONObjectReader
  ) throws(DecodeError) -> Scoreboard {
    var wins: [String: Int] = [:]
    for (index, value) in try scoreboard.array("standings").enumerated() {
      let standing = try JSONObjectReader(value, path: "\(scoreboard.path).standings[\(index)]")
      wins[try standing.string("name")] = try count(standing, "wins")
    }
    return Scoreboard(wins: wins, ties: try count(scoreboard, "ties"))
  }

  /// The member `key` of `object`, a count of games: an integer from 0.
  private static func count(_ object: JSONObjectReader, _ key: String) throws(DecodeError) -> Int {
    guard let count = object.object[key]?.number?.exactInt, count >= 0 else {
      throw DecodeError(object.at(key), "must be an integer from 0")
    }
    return count
  }

  private static func player(_ mark: String?) -> Player? { AppSchema.player(jsonText: mark) }
}
