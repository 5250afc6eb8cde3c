import JSONLines

/// Input lines of the protocol, written with the library's writer so escaping is exact.
public enum Input {
  /// `{"action":"<path>",...payload}`, with an optional `id`.
  public static func action(
    _ path: String, _ payload: KeyValuePairs<String, JSONValue> = [:], id: JSONValue? = nil
  ) -> String {
    var object = JSONObject()
    object.insert(.string(path), forKey: "action")
    for (key, value) in payload { object.insert(value, forKey: key) }
    if let id { object.insert(id, forKey: "id") }
    return JSONValue.object(object).description
  }

  /// `{"command":"<name>"}`, with an optional `id`.
  public static func command(_ name: String, id: JSONValue? = nil) -> String {
    var object = JSONObject()
    object.insert(.string(name), forKey: "command")
    if let id { object.insert(id, forKey: "id") }
    return JSONValue.object(object).description
  }

  /// Sets the email and password, taps log in, and settles.
  public static func logIn(email: String = "blob@pointfree.co", password: String = "password")
    -> [String]
  {
    [
      action("login.view.binding.email", ["value": .string(email)]),
      action("login.view.binding.password", ["value": .string(password)]),
      action("login.view.loginButtonTapped"),
      command("settle"),
    ]
  }

  /// Logs in, names the players Blob (x) and Blub (o), and starts a game.
  public static let startGame: [String] =
    logIn() + [
      action("newGame.binding.xPlayerName", ["value": "Blob"]),
      action("newGame.binding.oPlayerName", ["value": "Blub"]),
      action("newGame.letsPlayButtonTapped"),
    ]

  /// Taps the cells `moves` (row, column) in order.
  public static func play(_ moves: [(Int, Int)]) -> [String] {
    moves.map { row, column in
      action(
        "newGame.game.cellTapped",
        ["row": .number(JSONNumber(row)), "column": .number(JSONNumber(column))])
    }
  }
}
