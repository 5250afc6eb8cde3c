import Testing
import TicTacToeAppCore
import TicTacToeAppSchema
import TicTacToeFrontEndABI
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import TicTacToeTwoFactorCore
import UnidirectionalFlow

/// What the host derives from the schema beyond the wire forms: a state made again from its
/// values, the requests quitting waits for, what an intent needs shown, and the text fields
/// `edit_text` edits.
@Suite struct AppSchemaDerivationTests {
  /// Every state without a secret comes back from its values whole: each field the state
  /// keeps has a setter, or is fixed when its screen is made from the values.
  @Test(
    arguments: AppSchemaWireFormTests.samples.filter {
      if case .newGame = $0 { true } else { false }
    })
  func aStateIsMadeAgainFromItsValues(_ state: TicTacToe.State) {
    #expect(AppSchema.state(from: AppSchema.values(of: state)) == state)
  }

  @Test func theRequestsInFlightAreNamedScreenByScreen() {
    var login = Login.State()
    #expect(AppSchema.requestsInFlight(in: .login(login)) == [])
    login.isLoginRequestInFlight = true
    #expect(AppSchema.requestsInFlight(in: .login(login)) == ["the login request"])
    var twoFactor = TwoFactor.State(token: "deadbeef")
    twoFactor.isTwoFactorRequestInFlight = true
    login.twoFactor = twoFactor
    #expect(
      AppSchema.requestsInFlight(in: .login(login))
        == ["the login request", "the two-factor request"])
    #expect(AppSchema.requestsInFlight(in: .newGame(NewGame.State())) == [])
  }

  @Test func anAlertsButtonsAreRefusedWhileNoAlertIsShown() throws {
    let dismiss = try #require(AppSchema.intent(named: "login.alert.dismiss"))
    var login = Login.State()
    #expect(dismiss.refusal(in: .login(login)) == "no alert is shown on the login screen")
    login.alert = AlertState(title: TextState("Invalid credentials"))
    #expect(dismiss.refusal(in: .login(login)) == nil)

    let confirm = try #require(
      AppSchema.intent(named: "newGame.game.alert.confirmQuitButtonTapped"))
    var game = Game.State(oPlayerName: "Blub", xPlayerName: "Blob")
    let playing = TicTacToe.State.newGame(NewGame.State(game: game))
    #expect(confirm.refusal(in: playing) == "no quit confirmation is shown on the game screen")
    game.alert = .confirmQuit
    #expect(confirm.refusal(in: .newGame(NewGame.State(game: game))) == nil)

    // Every intent with a requirement names a field of its own screen.
    for intent in AppSchema.intents {
      guard let requirement = intent.requirement else { continue }
      #expect(
        AppSchema.fields(of: intent.feature).contains { $0.name == requirement.field },
        "\(intent.casePath)")
    }
  }

  /// Each of the ABI's five text fields is set by one intent of its screen, which reads the
  /// field's value from that screen's state and from no other.
  @Test func eachTextFieldIsSetByOneIntentThatReadsItsScreen() throws {
    let fields: [ttt_text_field] = [
      TTT_FIELD_LOGIN_EMAIL, TTT_FIELD_LOGIN_PASSWORD, TTT_FIELD_TWO_FACTOR_CODE,
      TTT_FIELD_NEW_GAME_O_PLAYER_NAME, TTT_FIELD_NEW_GAME_X_PLAYER_NAME,
    ]
    #expect(AppSchema.intents.compactMap(\.textField?.field) == fields)
    #expect(AppSchema.intent(editing: ttt_text_field(rawValue: 6)) == nil)
    var login = Login.State()
    login.email = "blob@pointfree.co"
    login.password = "password"
    var newGame = NewGame.State()
    newGame.oPlayerName = "Blob Jr."
    newGame.xPlayerName = "Blob"
    var twoFactor = TwoFactor.State(token: "deadbeef")
    twoFactor.code = "1234"
    let expected: [(ttt_text_field, String, any Sendable)] = [
      (TTT_FIELD_LOGIN_EMAIL, "blob@pointfree.co", login),
      (TTT_FIELD_LOGIN_PASSWORD, "password", login),
      (TTT_FIELD_TWO_FACTOR_CODE, "1234", twoFactor),
      (TTT_FIELD_NEW_GAME_O_PLAYER_NAME, "Blob Jr.", newGame),
      (TTT_FIELD_NEW_GAME_X_PLAYER_NAME, "Blob", newGame),
    ]
    for (field, value, screen) in expected {
      let intent = try #require(AppSchema.intent(editing: field))
      let textField = try #require(intent.textField)
      #expect(textField.value(in: screen) == value, "\(intent.casePath)")
      #expect(textField.value(in: Game.State(oPlayerName: "O", xPlayerName: "X")) == nil)
      #expect(intent.arguments.map(\.name) == ["value"])
    }
  }
}
