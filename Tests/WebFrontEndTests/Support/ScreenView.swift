import JSONLines

/// What a screen shows, in one shape for both sides of a comparison: read from the page's
/// document (what the browser draws), or made from a `jsonl` state (what the store holds).
///
/// `screen` is `login`, `twoFactor`, `newGame` or `game`; the other members are those of that
/// screen: the form's fields, the board's marks (`"X"`, `"O"` or `""`), the scoreboard's rows
/// (name and count as text, ties last), and the alert's title or `null`.
enum ScreenView {
  /// A script that returns the page's view, for ``Page/evaluate(_:)``.
  static let pageScript = """
    (() => {
      const $ = (id) => document.getElementById(id);
      const screen = $("screen").dataset.screen;
      const view = { screen };
      if (screen === "login") view.email = $("email").value;
      if (screen === "twoFactor") view.code = $("code").value;
      if (screen === "newGame") {
        view.x = $("x-name").value;
        view.o = $("o-name").value;
        view.scoreboard = [...$("scoreboard").tBodies[0].rows]
          .map((row) => [...row.cells].map((cell) => cell.textContent));
      }
      if (screen === "game") {
        view.board = [0, 1, 2].map((row) => [0, 1, 2].map((column) =>
          $("cell-" + row + "-" + column).textContent));
      }
      view.alert = $("alert").hidden ? null : $("alert-title").textContent;
      return view;
    })()
    """

  /// The view of the `jsonl` state `state`.
  static func of(jsonlState state: JSONValue) -> JSONValue {
    if let login = state["login"] {
      if let twoFactor = login["twoFactor"], !twoFactor.isNull {
        return [
          "screen": "twoFactor", "code": twoFactor["code"] ?? .null,
          "alert": alertTitle(twoFactor),
        ]
      }
      return ["screen": "login", "email": login["email"] ?? .null, "alert": alertTitle(login)]
    }
    let newGame = state["newGame"] ?? .null
    if let game = newGame["game"], !game.isNull {
      let board = (game["board"]?.array ?? []).map { row in
        JSONValue.array((row.array ?? []).map { .string($0.string?.uppercased() ?? "") })
      }
      return ["screen": "game", "board": .array(board), "alert": alertTitle(game)]
    }
    let scoreboard = newGame["scoreboard"] ?? .null
    var rows: [JSONValue] = (scoreboard["standings"]?.array ?? []).map { standing in
      [standing["name"] ?? .null, .string(standing["wins"]?.description ?? "")]
    }
    if let ties = scoreboard["ties"]?.number?.exactInt, ties > 0 {
      rows.append(["Ties", .string(String(ties))])
    }
    return [
      "screen": "newGame", "x": newGame["xPlayerName"] ?? .null,
      "o": newGame["oPlayerName"] ?? .null, "scoreboard": .array(rows), "alert": .null,
    ]
  }

  private static func alertTitle(_ feature: JSONValue) -> JSONValue {
    feature["alert"]?["title"] ?? .null
  }
}
