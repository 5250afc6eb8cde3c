import FrontEndKit
import JSONLines
import TicTacToeFrontEndABI

/// Writes the root state as the protocol's `state` object: property names as in Swift, absent
/// presented state as `null`, secrets as `""` or `"<redacted>"` (only their length crosses the
/// ABI, so they cannot leak from here).
///
/// ```json
/// {"login":{"email":"","password":"","isFormValid":false,"isLoginRequestInFlight":false,
///  "alert":null,"twoFactor":null}}
/// ```
enum StateEncoding {
  /// Writes the root state read through `host`, whose root says `active` is shown; returns
  /// the screen on top (`login`, `twoFactor`, `newGame` or `game`).
  static func writeRoot(
    _ host: HostConnection, active: ttt_feature, to writer: inout JSONWriter
  ) -> String {
    writer.beginObject()
    defer { writer.endObject() }
    if active == TTT_FEATURE_NEW_GAME {
      writer.key("newGame")
      // A presented screen is read only when its parent says it is there: no read is refused.
      guard let newGame = host.newGame() else {
        writer.null()
        return "newGame"
      }
      let game = newGame.isGamePresented ? host.game() : nil
      write(newGame, game: game, to: &writer)
      return game == nil ? "newGame" : "game"
    }
    writer.key("login")
    let login = host.login() ?? LoginScreen()
    let twoFactor = login.isTwoFactorPresented ? host.twoFactor() : nil
    write(login, twoFactor: twoFactor, to: &writer)
    return twoFactor == nil ? "login" : "twoFactor"
  }

  private static func write(
    _ login: LoginScreen, twoFactor: TwoFactorScreen?, to writer: inout JSONWriter
  ) {
    writer.beginObject()
    writer.key("email")
    writer.string(login.email)
    writer.key("password")
    writeSecret(length: login.passwordLength, to: &writer)
    writer.key("isFormValid")
    writer.bool(login.isFormValid)
    writer.key("isLoginRequestInFlight")
    writer.bool(login.isLoginRequestInFlight)
    writer.key("alert")
    writeAlert(title: login.alertTitle, to: &writer)
    writer.key("twoFactor")
    if let twoFactor {
      write(twoFactor, to: &writer)
    } else {
      writer.null()
    }
    writer.endObject()
  }

  private static func write(_ twoFactor: TwoFactorScreen, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("token")
    writeSecret(length: twoFactor.tokenLength, to: &writer)
    writer.key("code")
    writer.string(twoFactor.code)
    writer.key("isFormValid")
    writer.bool(twoFactor.isFormValid)
    writer.key("isTwoFactorRequestInFlight")
    writer.bool(twoFactor.isTwoFactorRequestInFlight)
    writer.key("alert")
    writeAlert(title: twoFactor.alertTitle, to: &writer)
    writer.endObject()
  }

  private static func write(
    _ newGame: NewGameScreen, game: GameScreen?, to writer: inout JSONWriter
  ) {
    writer.beginObject()
    writer.key("oPlayerName")
    writer.string(newGame.oPlayerName)
    writer.key("xPlayerName")
    writer.string(newGame.xPlayerName)
    writer.key("game")
    if let game {
      write(game, to: &writer)
    } else {
      writer.null()
    }
    writer.key("scoreboard")
    writeScoreboard(of: newGame, to: &writer)
    writer.endObject()
  }

  /// `{"standings": [{"name": "Blob", "wins": 2}], "ties": 1}`, most wins first.
  private static func writeScoreboard(of newGame: NewGameScreen, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("standings")
    writer.beginArray()
    for standing in newGame.standings {
      writer.beginObject()
      writer.key("name")
      writer.string(standing.name)
      writer.key("wins")
      writer.number(standing.wins)
      writer.endObject()
    }
    writer.endArray()
    writer.key("ties")
    writer.number(newGame.ties)
    writer.endObject()
  }

  private static func write(_ game: GameScreen, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("board")
    writer.beginArray()
    for row in game.board {
      writer.beginArray()
      for cell in row { writeMark(cell, to: &writer) }
      writer.endArray()
    }
    writer.endArray()
    writer.key("currentPlayer")
    writeMark(game.currentPlayer, to: &writer)
    writer.key("oPlayerName")
    writer.string(game.oPlayerName)
    writer.key("xPlayerName")
    writer.string(game.xPlayerName)
    writer.key("winner")
    writeMark(game.winner, to: &writer)
    writer.key("isTied")
    writer.bool(game.isTied)
    writer.key("alert")
    writeAlert(title: game.alertTitle, to: &writer)
    writer.endObject()
  }

  private static func writeSecret(length: Int, to writer: inout JSONWriter) {
    writer.string(length == 0 ? "" : "<redacted>")
  }

  private static func writeAlert(title: String?, to writer: inout JSONWriter) {
    guard let title else { return writer.null() }
    writer.beginObject()
    writer.key("title")
    writer.string(title)
    writer.endObject()
  }

  /// `"x"`, `"o"`, or `null` for an empty cell or no winner.
  private static func writeMark(_ mark: Mark, to writer: inout JSONWriter) {
    switch mark {
    case .none: writer.null()
    case .x: writer.string("x")
    case .o: writer.string("o")
    }
  }
}
