import Testing
import TicTacToeAppCore
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import TicTacToeTwoFactorCore
import UnidirectionalFlow

/// The case paths JSON-lines clients use, from the root action, without `presented` segments.
struct CasePathTests {
  typealias Action = TicTacToe.Action

  /// Checks that `keyPath` embeds `value` as `expected` and extracts it back from it.
  func check<Value>(
    _ keyPath: CaseKeyPath<Action, Value>, _ value: Value, _ expected: Action,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let casePath = Action.casePath(keyPath)
    #expect(casePath.embed(value) == expected, sourceLocation: sourceLocation)
    #expect(casePath.extract(from: expected) != nil, sourceLocation: sourceLocation)
    #expect(expected.is(keyPath), sourceLocation: sourceLocation)
  }

  @Test func loginPaths() {
    check(
      \.login.view.binding.email, "blob@pointfree.co",
      .login(.view(.binding(.set(\.email, "blob@pointfree.co")))))
    check(
      \.login.view.binding.password, "password",
      .login(.view(.binding(.set(\.password, "password")))))
    check(\.login.view.loginButtonTapped, (), .login(.view(.loginButtonTapped)))
    check(\.login.alert.dismiss, (), .login(.alert(.dismiss)))
    check(
      \.login.twoFactor.view.binding.code, "1234",
      .login(.twoFactor(.presented(.view(.binding(.set(\.code, "1234")))))))
    check(
      \.login.twoFactor.view.submitButtonTapped, (),
      .login(.twoFactor(.presented(.view(.submitButtonTapped)))))
    check(\.login.twoFactor.alert.dismiss, (), .login(.twoFactor(.presented(.alert(.dismiss)))))
    check(\.login.twoFactor.dismiss, (), .login(.twoFactor(.dismiss)))
  }

  @Test func newGamePaths() {
    check(
      \.newGame.binding.oPlayerName, "Blob Jr.",
      .newGame(.binding(.set(\.oPlayerName, "Blob Jr."))))
    check(
      \.newGame.binding.xPlayerName, "Blob Sr.",
      .newGame(.binding(.set(\.xPlayerName, "Blob Sr."))))
    check(\.newGame.letsPlayButtonTapped, (), .newGame(.letsPlayButtonTapped))
    check(\.newGame.logoutButtonTapped, (), .newGame(.logoutButtonTapped))
    check(
      \.newGame.game.cellTapped, (row: 1, column: 2),
      .newGame(.game(.presented(.cellTapped(row: 1, column: 2)))))
    check(
      \.newGame.game.playAgainButtonTapped, (),
      .newGame(.game(.presented(.playAgainButtonTapped))))
    check(\.newGame.game.quitButtonTapped, (), .newGame(.game(.presented(.quitButtonTapped))))
    check(\.newGame.game.dismiss, (), .newGame(.game(.dismiss)))
  }

  @Test func pathsDoNotMatchOtherCases() {
    let tap = Action.newGame(.game(.presented(.cellTapped(row: 0, column: 0))))
    #expect(!tap.is(\.newGame.game.dismiss))
    #expect(!tap.is(\.login.view))
    #expect(!Action.login(.twoFactor(.dismiss)).is(\.login.twoFactor.view))
    #expect(
      Action.casePath(\.newGame.game.cellTapped).extract(from: tap).map { [$0.row, $0.column] }
        == [0, 0])
    #expect(
      Action.casePath(\.login.view.binding.email).extract(
        from: .login(.view(.binding(.set(\.password, "password"))))) == nil)
  }

  @Test func stateCasePaths() {
    #expect(TicTacToe.State().is(\.login))
    #expect(!TicTacToe.State().is(\.newGame))
    #expect(TicTacToe.State.newGame(NewGame.State())[case: \.newGame] == NewGame.State())
  }
}
