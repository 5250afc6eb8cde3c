import TicTacToeAppCore
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import TicTacToeTwoFactorCore
import UnidirectionalFlow

/// The state changes the conformance check puts a front end through: every screen, every
/// alert, a win, a tie, quitting and logging out, ending where it started (an empty login).
///
/// The server is the demo one (`blob@pointfree.co` / `password`, `2fa` in the email for a
/// second factor, code `1234`), with no latency.
struct ConformanceScenario {
  /// One group of actions, named by what the front end is showing meanwhile.
  struct Step {
    /// "while the game was shown": how a crash during this step is reported.
    var name: String
    /// The actions to send, in order; the step then waits for their effects.
    var actions: [TicTacToe.Action]
    /// What the app should show afterwards, in words, and a test of it.
    var expectation: String
    var isReached: @Sendable (TicTacToe.State) -> Bool
  }

  /// The steps, in order.
  static let steps: [Step] = {
    typealias Action = TicTacToe.Action
    func login(_ action: Login.Action.View) -> Action { .login(.view(action)) }
    func twoFactor(_ action: TwoFactor.Action) -> Action {
      .login(.twoFactor(.presented(action)))
    }
    func cell(_ row: Int, _ column: Int) -> Action {
      .newGame(.game(.presented(.cellTapped(row: row, column: column))))
    }
    @Sendable func loginState(_ state: TicTacToe.State) -> Login.State? {
      if case .login(let login) = state { login } else { nil }
    }
    @Sendable func game(_ state: TicTacToe.State) -> Game.State? {
      if case .newGame(let newGame) = state { newGame.game } else { nil }
    }
    return [
      Step(
        name: "while the login form was filled in",
        actions: [
          login(.binding(.set(\.email, "blob@pointfree.co"))),
          login(.binding(.set(\.password, "not the password"))),
        ],
        expectation: "a filled-in login form",
        isReached: { loginState($0)?.isFormValid == true }),
      Step(
        name: "while the login alert was shown", actions: [login(.loginButtonTapped)],
        expectation: "the login alert", isReached: { loginState($0)?.alert != nil }),
      Step(
        name: "while the login alert was dismissed", actions: [.login(.alert(.dismiss))],
        expectation: "the login form without an alert",
        isReached: { loginState($0).map { $0.alert == nil } == true }),
      Step(
        name: "while two-factor was shown",
        actions: [
          login(.binding(.set(\.email, "blob2fa@pointfree.co"))),
          login(.binding(.set(\.password, "password"))), login(.loginButtonTapped),
        ],
        expectation: "the two-factor screen", isReached: { loginState($0)?.twoFactor != nil }),
      Step(
        name: "while the two-factor alert was shown",
        actions: [
          twoFactor(.view(.binding(.set(\.code, "4321")))), twoFactor(.view(.submitButtonTapped)),
        ],
        expectation: "the two-factor alert",
        isReached: { loginState($0)?.twoFactor?.alert != nil }),
      Step(
        name: "while the two-factor alert was dismissed", actions: [twoFactor(.alert(.dismiss))],
        expectation: "the two-factor screen without an alert",
        isReached: { loginState($0)?.twoFactor.map { $0.alert == nil } == true }),
      Step(
        name: "while the new-game screen was shown",
        actions: [
          twoFactor(.view(.binding(.set(\.code, "1234")))), twoFactor(.view(.submitButtonTapped)),
        ],
        expectation: "the new-game screen",
        isReached: { if case .newGame = $0 { true } else { false } }),
      Step(
        name: "while the players were named",
        actions: [
          .newGame(.binding(.set(\.xPlayerName, "Blob"))),
          .newGame(.binding(.set(\.oPlayerName, "Blub"))),
        ],
        expectation: "two named players",
        isReached: {
          if case .newGame(let newGame) = $0 { newGame.isLetsPlayButtonEnabled } else { false }
        }),
      Step(
        name: "while the game was shown", actions: [.newGame(.letsPlayButtonTapped)],
        expectation: "a game", isReached: { game($0) != nil }),
      Step(
        name: "while the game was played to a win",
        actions: [cell(0, 0), cell(2, 1), cell(1, 0), cell(1, 1), cell(2, 0)],
        expectation: "a game X won", isReached: { game($0)?.winner == .x }),
      Step(
        name: "while the game was played again",
        actions: [.newGame(.game(.presented(.playAgainButtonTapped)))],
        expectation: "a new game", isReached: { game($0).map { $0.board == .empty } == true }),
      Step(
        name: "while the game was played to a tie",
        actions: [
          cell(0, 0), cell(0, 1), cell(0, 2), cell(1, 1), cell(1, 0), cell(1, 2), cell(2, 1),
          cell(2, 0), cell(2, 2),
        ],
        expectation: "a tied game", isReached: { game($0)?.isTied == true }),
      Step(
        name: "while the game was quit",
        actions: [.newGame(.game(.presented(.quitButtonTapped)))],
        expectation: "the new-game screen without a game",
        isReached: { if case .newGame(let newGame) = $0 { newGame.game == nil } else { false } }),
      Step(
        name: "while logging out", actions: [.newGame(.logoutButtonTapped)],
        expectation: "an empty login form", isReached: { $0 == TicTacToe.State() }),
    ]
  }()
}
