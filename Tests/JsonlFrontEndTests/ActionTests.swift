import JSONLines
import TestSupport
import Testing

/// Every action of the table, the events it causes, and the actions the protocol refuses.
@Suite struct ActionTests {
  typealias E = Expected

  /// The events after logging in with `email` and `password` (settled).
  func loginEvents(
    email: String = "blob@pointfree.co", response: JSONValue, after: JSONValue
  ) -> [JSONValue] {
    [
      E.action("login.view.binding.email", payload: ["value": .string(email)]),
      E.state(States.login(email: email)),
      // The password is a secret: its payload is redacted as in the state.
      E.action("login.view.binding.password", payload: ["value": "<redacted>"]),
      E.state(States.login(email: email, password: "<redacted>", isFormValid: true)),
      E.action("login.view.loginButtonTapped"),
      E.state(
        States.login(
          email: email, password: "<redacted>", isFormValid: true, isLoginRequestInFlight: true)),
      response,
      E.state(after),
    ]
  }

  @Test func aFailedLoginShowsAnAlertThatCanBeDismissed() throws {
    let transcript = try HostProcess.run(
      lines: Input.logIn(password: "wrong") + [Input.action("login.alert.dismiss")])
    let message = "Unknown user or invalid password."
    let filled = { (alert: String?) in
      States.login(
        email: "blob@pointfree.co", password: "<redacted>", isFormValid: true, alert: alert)
    }
    #expect(
      transcript.afterAttach
        == loginEvents(
          response: E.action("login.loginResponse.failure", effect: true, error: message),
          after: filled(message))
        + [E.action("login.alert.dismiss"), E.state(filled(nil))])
  }

  @Test func twoFactorActions() throws {
    let email = "2fa@pointfree.co"
    let code = { (code: String) in
      Input.action("login.twoFactor.view.binding.code", ["value": .string(code)])
    }
    let submit = Input.action("login.twoFactor.view.submitButtonTapped")
    let settle = Input.command("settle")
    let lines =
      Input.logIn(email: email) + [
        code("12"), submit, code("0000"), submit, settle,
        Input.action("login.twoFactor.alert.dismiss"), Input.action("login.twoFactor.dismiss"),
        Input.action("login.view.loginButtonTapped"), settle, code("1234"), submit, settle,
      ]
    let transcript = try HostProcess.run(lines: lines)
    let login = { (twoFactor: JSONValue, inFlight: Bool) in
      States.login(
        email: email, password: "<redacted>", isFormValid: true, isLoginRequestInFlight: inFlight,
        twoFactor: twoFactor)
    }
    let failure = "Invalid second factor (try 1234)"
    #expect(
      transcript.afterAttach
        == loginEvents(
          email: email,
          response: E.action(
            "login.loginResponse.success", effect: true,
            payload: ["token": "<redacted>", "twoFactorRequired": true]),
          after: login(States.twoFactor(), false))
        + [
          E.action("login.twoFactor.view.binding.code", payload: ["value": "12"]),
          E.state(login(States.twoFactor(code: "12"), false)),
          // Invalid form: refused, with the reason, and nothing changes.
          E.error("the code needs at least 4 characters", line: 6),
          E.action("login.twoFactor.view.binding.code", payload: ["value": "0000"]),
          E.state(login(States.twoFactor(code: "0000", isFormValid: true), false)),
          E.action("login.twoFactor.view.submitButtonTapped"),
          E.state(
            login(
              States.twoFactor(code: "0000", isFormValid: true, isTwoFactorRequestInFlight: true),
              false)),
          E.action("login.twoFactor.twoFactorResponse.failure", effect: true, error: failure),
          E.state(login(States.twoFactor(code: "0000", isFormValid: true, alert: failure), false)),
          E.action("login.twoFactor.alert.dismiss"),
          E.state(login(States.twoFactor(code: "0000", isFormValid: true), false)),
          E.action("login.twoFactor.dismiss"),
          E.state(login(nil, false)),
          E.action("login.view.loginButtonTapped"),
          E.state(login(nil, true)),
          E.action(
            "login.loginResponse.success", effect: true,
            payload: ["token": "<redacted>", "twoFactorRequired": true]),
          E.state(login(States.twoFactor(), false)),
          E.action("login.twoFactor.view.binding.code", payload: ["value": "1234"]),
          E.state(login(States.twoFactor(code: "1234", isFormValid: true), false)),
          E.action("login.twoFactor.view.submitButtonTapped"),
          E.state(
            login(
              States.twoFactor(code: "1234", isFormValid: true, isTwoFactorRequestInFlight: true),
              false)),
          E.action(
            "login.twoFactor.twoFactorResponse.success", effect: true,
            payload: ["token": "<redacted>", "twoFactorRequired": false]),
          E.state(States.newGame()),
        ])
    #expect(transcript.errors.count == 1)
  }

  @Test func newGameAndGameActions() throws {
    let settle = Input.command("settle")
    let lines =
      Input.startGame + Input.play([(0, 0), (2, 1), (1, 0), (1, 1), (2, 0), (2, 2)]) + [
        Input.action("newGame.game.playAgainButtonTapped"),
        Input.action("newGame.game.quitButtonTapped"),
        Input.action("newGame.game.alert.confirmQuitButtonTapped"), settle,
        Input.action("newGame.letsPlayButtonTapped"),
        #"{"action":"newGame.game.cellTapped","row":2.0,"column":0e5}"#,
        Input.action("newGame.game.dismiss"),
        Input.action("newGame.logoutButtonTapped"),
      ]
    let transcript = try HostProcess.run(lines: lines)
    let cell = { (row: Int, column: Int) in
      E.action(
        "newGame.game.cellTapped",
        payload: ["row": .number(JSONNumber(row)), "column": .number(JSONNumber(column))])
    }
    let names = { (game: JSONValue) in States.newGame(o: "Blub", x: "Blob", game: game) }
    let scored = { (game: JSONValue) in
      States.newGame(
        o: "Blub", x: "Blob", game: game, scoreboard: States.scoreboard([("Blob", 1)]))
    }
    #expect(
      Array(transcript.afterAttach.dropFirst(8)) == [
        E.action("newGame.binding.xPlayerName", payload: ["value": "Blob"]),
        E.state(States.newGame(x: "Blob")),
        E.action("newGame.binding.oPlayerName", payload: ["value": "Blub"]),
        E.state(names(nil)),
        E.action("newGame.letsPlayButtonTapped"),
        E.state(names(States.game())),
        cell(0, 0), E.state(names(States.game(["x  ", "   ", "   "], currentPlayer: "o"))),
        cell(2, 1), E.state(names(States.game(["x  ", "   ", " o "], currentPlayer: "x"))),
        cell(1, 0), E.state(names(States.game(["x  ", "x  ", " o "], currentPlayer: "o"))),
        cell(1, 1), E.state(names(States.game(["x  ", "xo ", " o "], currentPlayer: "x"))),
        // The winning move counts the game on the scoreboard, in the same state.
        cell(2, 0),
        E.state(scored(States.game(["x  ", "xo ", "xo "], currentPlayer: "x", winner: "x"))),
        // The game is over: refused, with the reason, and nothing changes.
        E.error("the game is over: Blob won", line: 13),
        E.action("newGame.game.playAgainButtonTapped"),
        E.state(scored(States.game())),
        // Quitting the new game, in progress, asks first.
        E.action("newGame.game.quitButtonTapped"),
        E.state(scored(States.game(alert: "Quit this game?"))),
        // Confirming leaves the game in the same state change: no dismissal comes later.
        E.action("newGame.game.alert.confirmQuitButtonTapped"),
        E.state(scored(nil)),
        E.action("newGame.letsPlayButtonTapped"),
        E.state(scored(States.game())),
        cell(2, 0), E.state(scored(States.game(["   ", "   ", "x  "], currentPlayer: "o"))),
        E.action("newGame.game.dismiss"),
        E.state(scored(nil)),
        E.action("newGame.logoutButtonTapped"),
        E.state(States.login()),
      ])
    #expect(transcript.errors.count == 1)
  }

  @Test func actionsOfInactiveFeaturesAreErrors() throws {
    let whileLoggedOut = [
      Input.action("newGame.binding.oPlayerName", ["value": "Blub"], id: 1),
      Input.action("newGame.letsPlayButtonTapped", id: 2),
      Input.action("newGame.game.cellTapped", ["row": 0, "column": 0], id: 3),
      Input.action("login.twoFactor.view.binding.code", ["value": "1234"], id: 4),
      Input.action("login.twoFactor.dismiss", id: 5),
      Input.action("login.alert.dismiss", id: 6),
      Input.action("login.twoFactor.alert.dismiss", id: 7),
    ]
    let whileLoggedIn = [
      Input.action("login.view.binding.email", ["value": "a@b"], id: 8),
      Input.action("newGame.game.playAgainButtonTapped", id: 9),
      Input.action("login.twoFactor.dismiss", id: 10),
    ]
    let transcript = try HostProcess.run(lines: whileLoggedOut + Input.logIn() + whileLoggedIn)
    let errors = transcript.errors
    try #require(errors.count == 10)
    for (index, error) in errors.enumerated() {
      #expect(error.value["id"] == .number(JSONNumber(index + 1)))
      #expect(!(error.message ?? "").isEmpty)
    }
    #expect(errors.map(\.inputLine) == [1, 2, 3, 4, 5, 6, 7, 12, 13, 14])
    #expect(errors[0].message?.contains("login screen is active") == true)
    #expect(errors[3].message?.contains("no two-factor screen") == true)
    #expect(errors[5].message?.contains("no alert") == true)
    #expect(errors[7].message?.contains("new-game screen is active") == true)
    #expect(errors[8].message?.contains("no game") == true)
    // Nothing but the login reached the store.
    #expect(
      transcript.actions == [
        "login.view.binding.email", "login.view.binding.password", "login.view.loginButtonTapped",
        "login.loginResponse.success",
      ])
    #expect(transcript.states.last == States.newGame())
  }

  @Test func textTheHostRefusesIsAnError() throws {
    let long = String(repeating: "a", count: 64 * 1024 + 1)
    let transcript = try HostProcess.run(lines: [
      Input.action("login.view.binding.email", ["value": .string(long)], id: "long")
    ])
    #expect(transcript.errors.count == 1)
    #expect(transcript.errors.first?.value["id"] == "long")
    #expect(transcript.errors.first?.inputLine == 1)
    #expect(transcript.actions.isEmpty)
  }
}
