import Testing
import TicTacToeAppCore
import TicTacToeAppSchema
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import TicTacToeTwoFactorCore
import UnidirectionalFlow

/// What the host derives from the schema beyond the wire forms: a state made again from its
/// values, the requests quitting waits for, and what an intent needs shown.
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
}
