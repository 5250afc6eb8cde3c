import JSONLines

/// States of the protocol, for comparisons.
public enum States {
  /// The login screen.
  public static func login(
    email: String = "", password: String = "", isFormValid: Bool = false,
    isLoginRequestInFlight: Bool = false, alert: String? = nil, twoFactor: JSONValue = nil
  ) -> JSONValue {
    [
      "login": [
        "email": .string(email), "password": .string(password), "isFormValid": .bool(isFormValid),
        "isLoginRequestInFlight": .bool(isLoginRequestInFlight), "alert": alertValue(alert),
        "twoFactor": twoFactor,
      ]
    ]
  }

  /// The two-factor screen, inside login.
  public static func twoFactor(
    code: String = "", isFormValid: Bool = false, isTwoFactorRequestInFlight: Bool = false,
    alert: String? = nil
  ) -> JSONValue {
    [
      "token": "<redacted>", "code": .string(code), "isFormValid": .bool(isFormValid),
      "isTwoFactorRequestInFlight": .bool(isTwoFactorRequestInFlight), "alert": alertValue(alert),
    ]
  }

  /// The new-game screen.
  public static func newGame(
    o: String = "", x: String = "", game: JSONValue = nil, scoreboard: JSONValue = scoreboard()
  ) -> JSONValue {
    [
      "newGame": [
        "oPlayerName": .string(o), "xPlayerName": .string(x), "game": game,
        "scoreboard": scoreboard,
      ]
    ]
  }

  /// The new-game screen's scoreboard: `standings` as (name, wins), most wins first.
  public static func scoreboard(_ standings: [(String, Int)] = [], ties: Int = 0) -> JSONValue {
    [
      "standings": .array(
        standings.map { ["name": .string($0.0), "wins": .number(JSONNumber($0.1))] }),
      "ties": .number(JSONNumber(ties)),
    ]
  }

  /// A game between Blob (x) and Blub (o); `board` rows as strings like `"xo "`.
  public static func game(
    _ board: [String] = ["   ", "   ", "   "], currentPlayer: String = "x",
    winner: String? = nil, isTied: Bool = false, alert: String? = nil
  ) -> JSONValue {
    let rows: [JSONValue] = board.map { row in
      .array(row.map { $0 == " " ? .null : .string(String($0)) })
    }
    return [
      "board": .array(rows), "currentPlayer": .string(currentPlayer), "oPlayerName": "Blub",
      "xPlayerName": "Blob", "winner": winner.map { .string($0) } ?? .null,
      "isTied": .bool(isTied), "alert": alertValue(alert),
      "moveCount": .number(JSONNumber(board.joined().count { $0 != " " })),
    ]
  }

  private static func alertValue(_ title: String?) -> JSONValue {
    title.map { ["title": .string($0)] } ?? .null
  }
}
