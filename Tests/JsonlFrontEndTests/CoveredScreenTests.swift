import JSONLines
import TestSupport
import Testing

/// Only the screen on top takes intents: the new-game screen under a game, and the login form
/// under two-factor, refuse theirs with an error and change nothing. The host enforces it at
/// the ABI, so every front end inherits it; JSON-lines shows it.
@Suite struct CoveredScreenTests {
  /// The errors and the last state of a run of `setUp` followed by `intents`.
  private func run(_ setUp: [String], _ intents: [String]) throws -> (
    errors: [String], lastState: JSONValue?, actions: [String]
  ) {
    let transcript = try HostProcess.run(lines: setUp + intents)
    let errors = transcript.events("error").compactMap(\.message)
    let actions = transcript.events("action").compactMap(\.action)
    return (errors, transcript.events("state").last?.state, actions)
  }

  @Test(arguments: [
    Input.action("newGame.letsPlayButtonTapped"),
    Input.action("newGame.logoutButtonTapped"),
    Input.action("newGame.binding.xPlayerName", ["value": "Mallory"]),
    Input.action("newGame.binding.oPlayerName", ["value": "Mallory"]),
  ])
  func theNewGameScreenUnderAGameTakesNoIntent(intent: String) throws {
    let board = try run(Input.startGame + Input.play([(1, 1)]), [])
    let (errors, lastState, actions) = try run(
      Input.startGame + Input.play([(1, 1)]), [intent])
    #expect(errors.count == 1)
    #expect(errors.first?.contains("which the game covers; only the screen on top") == true)
    #expect(lastState == board.lastState, "the game was changed by a covered screen")
    #expect(actions == board.actions)
  }

  @Test func theGameOnTopStillTakesItsOwnIntents() throws {
    let (errors, lastState, _) = try run(Input.startGame, Input.play([(0, 0)]))
    #expect(errors.isEmpty)
    let board = lastState?["newGame"]?["game"]?["board"]?.array
    #expect(board?.first?.array?.first?.string == "x")
  }

  @Test(arguments: [
    Input.action("login.view.binding.email", ["value": "mallory@example.com"]),
    Input.action("login.view.binding.password", ["value": "password"]),
    Input.action("login.view.loginButtonTapped"),
  ])
  func theLoginFormUnderTwoFactorTakesNoIntent(intent: String) throws {
    let twoFactor = Input.logIn(email: "blob2fa@pointfree.co")
    let before = try run(twoFactor, [])
    let (errors, lastState, _) = try run(twoFactor, [intent])
    #expect(errors.count == 1)
    #expect(errors.first?.contains("which the two-factor screen covers") == true)
    #expect(lastState == before.lastState)
  }

  @Test func twoFactorOnTopStillTakesItsOwnIntents() throws {
    let (errors, lastState, _) = try run(
      Input.logIn(email: "blob2fa@pointfree.co"),
      [Input.action("login.twoFactor.view.binding.code", ["value": "1234"])])
    #expect(errors.isEmpty)
    #expect(lastState?["login"]?["twoFactor"]?["code"] == "1234")
  }
}
