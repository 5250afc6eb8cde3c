import Foundation
import FrontEndHost
import Testing
import TicTacToeAppCore
import TicTacToeFrontEndABI
import TicTacToeGameCore

/// The C ABI as a front end sees it, through a real C front end loaded with dlopen.
@MainActor
@Suite struct ABITests {
  let host = makeTestHost()
  let probe: Probe

  init() async throws {
    probe = try await Probe()
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
  }

  @Test func sendsAUserIntentAndIsToldAboutTheChange() {
    #expect(probe.send(TTT_ACTION_LOGIN_SET_EMAIL, text: "blob@pointfree.co") == TTT_OK)
    #expect(probe.changes == 1)
    guard case .login(let login) = host.store.state else {
      Issue.record("not on login")
      return
    }
    #expect(login.email == "blob@pointfree.co")
    #expect(probe.actions == ["frontend login.view.binding.email"])
  }

  @Test func invalidPayloadsChangeNothingAndSayWhy() async {
    await startGame(on: host)
    let before = host.store.state
    let changes = probe.changes
    #expect(probe.send(TTT_ACTION_GAME_CELL_TAPPED, row: 7, column: 0) == TTT_ERR_INVALID_ARGUMENT)
    #expect(probe.lastError == #""row" 7 is out of range 0...2 (payloads count from 0)"#)
    #expect(probe.send(TTT_ACTION_GAME_CELL_TAPPED, row: 0, column: -1) == TTT_ERR_INVALID_ARGUMENT)
    #expect(probe.lastError == #""column" -1 is out of range 0...2 (payloads count from 0)"#)
    #expect(
      probe.send(TTT_ACTION_NEW_GAME_SET_X_PLAYER_NAME, text: nil) == TTT_ERR_INVALID_ARGUMENT)
    #expect(probe.lastError.contains("text is NULL"))
    #expect(probe.send(ttt_action_tag(rawValue: 999)) == TTT_ERR_UNKNOWN)
    #expect(probe.lastError == "unknown action tag 999")
    #expect(probe.sendNull() == TTT_ERR_INVALID_ARGUMENT)
    #expect(
      probe.sendWithStructSize(4, TTT_ACTION_GAME_QUIT_BUTTON_TAPPED) == TTT_ERR_INVALID_ARGUMENT)
    #expect(probe.sendThroughGarbageHandle() == TTT_ERR_INVALID_ARGUMENT)
    #expect(host.store.state == before)
    #expect(probe.changes == changes)
  }

  @Test func anInactiveFeatureIsAnErrorNotANoOp() {
    #expect(probe.send(TTT_ACTION_GAME_CELL_TAPPED, row: 1, column: 1) == TTT_ERR_INACTIVE)
    #expect(probe.lastError == "the game is not shown: the login screen is active")
    #expect(probe.send(TTT_ACTION_TWO_FACTOR_SUBMIT_BUTTON_TAPPED) == TTT_ERR_INACTIVE)
    #expect(probe.lastError == "no two-factor screen is presented")
    #expect(probe.send(TTT_ACTION_LOGIN_ALERT_DISMISS) == TTT_ERR_INACTIVE)
    #expect(probe.lastError == "no alert is shown on the login screen")
    #expect(!probe.isActive(TTT_FEATURE_GAME))
    #expect(probe.isActive(TTT_FEATURE_LOGIN))
    #expect(probe.changes == 0)
  }

  @Test func aScopedHandleAcceptsOnlyItsOwnFeaturesActions() async {
    await startGame(on: host)
    #expect(
      probe.send(TTT_ACTION_NEW_GAME_LOGOUT_BUTTON_TAPPED, through: TTT_FEATURE_GAME)
        == TTT_ERR_WRONG_FEATURE)
    #expect(probe.lastError.contains("belongs to the new-game screen"))
    #expect(
      probe.send(TTT_ACTION_GAME_CELL_TAPPED, through: TTT_FEATURE_GAME, row: 1, column: 1)
        == TTT_OK)
    #expect(
      probe.send(TTT_ACTION_GAME_CELL_TAPPED, through: TTT_FEATURE_NEW_GAME, row: 0, column: 0)
        == TTT_OK)
  }

  @Test func readsTypedStateWithDerivedValues() async {
    #expect(probe.readGame().0 == TTT_ERR_INACTIVE)
    await startGame(on: host)
    for (row, column) in [(0, 0), (2, 1), (1, 0), (1, 1), (2, 0)] {
      #expect(
        probe.send(TTT_ACTION_GAME_CELL_TAPPED, row: Int32(row), column: Int32(column)) == TTT_OK)
    }
    let (status, game) = probe.readGame()
    #expect(status == TTT_OK)
    #expect(game.board.0.0 == UInt8(TTT_PLAYER_X.rawValue))
    #expect(game.board.2.1 == UInt8(TTT_PLAYER_O.rawValue))
    #expect(game.board.0.1 == UInt8(TTT_PLAYER_NONE.rawValue))
    #expect(game.winner == TTT_PLAYER_X.rawValue)
    #expect(game.is_board_disabled)
    #expect(game.is_play_again_button_visible)
    #expect(String(cString: game.title) == "Winner! Congrats Blob!")
    #expect(String(cString: game.x_player_name) == "Blob")
  }

  @Test func anOlderSmallerStructIsFilledOnlyUpToItsSize() {
    probe.send(TTT_ACTION_LOGIN_SET_EMAIL, text: "a@b")
    let size = UInt32(MemoryLayout<ttt_login_state>.offset(of: \.password_length)!)
    let (status, login) = probe.readLogin(structSize: size)
    #expect(status == TTT_OK)
    #expect(login.struct_size == size)
    #expect(String(cString: login.email) == "a@b")
    // Bytes past the caller's size stay as the caller left them.
    #expect(login.password_length == Int(bitPattern: 0xABAB_ABAB_ABAB_ABAB))
  }

  @Test func readingThroughTheWrongHandleIsRefused() {
    #expect(probe.readLoginThroughRoot() == TTT_ERR_WRONG_FEATURE)
  }

  @Test func thePasswordIsEditedButNeverExposed() {
    #expect(probe.edit(TTT_FIELD_LOGIN_PASSWORD, TTT_EDIT_APPEND, "passw") == TTT_OK)
    #expect(probe.edit(TTT_FIELD_LOGIN_PASSWORD, TTT_EDIT_APPEND, "ordX") == TTT_OK)
    #expect(probe.edit(TTT_FIELD_LOGIN_PASSWORD, TTT_EDIT_DELETE_BACKWARD) == TTT_OK)
    let (_, login) = probe.readLogin(structSize: UInt32(MemoryLayout<ttt_login_state>.size))
    #expect(login.password_length == 8)
    guard case .login(let state) = host.store.state else { return }
    #expect(state.password == "password")
    #expect(probe.edit(TTT_FIELD_NEW_GAME_X_PLAYER_NAME, TTT_EDIT_APPEND, "x") == TTT_ERR_INACTIVE)
  }

  @Test func effectActionsAreReportedWithTheirOriginAndErrors() async {
    probe.send(TTT_ACTION_LOGIN_SET_EMAIL, text: "blob@pointfree.co")
    probe.send(TTT_ACTION_LOGIN_SET_PASSWORD, text: "wrong")
    probe.send(TTT_ACTION_LOGIN_BUTTON_TAPPED)
    await host.store.awaitEffects()
    #expect(
      probe.actions == [
        "frontend login.view.binding.email",
        "frontend login.view.binding.password",
        "frontend login.view.loginButtonTapped",
        "effect login.loginResponse.failure error=Unknown user or invalid password.",
      ])
    #expect(!probe.actions.joined().contains("wrong"))
  }

  @Test func gameSubscriptionsFireOnlyForGameChanges() async {
    probe.send(TTT_ACTION_LOGIN_SET_EMAIL, text: "blob@pointfree.co")
    #expect(probe.gameChanges == 0)
    await startGame(on: host)
    #expect(probe.gameChanges == 1)
    probe.send(TTT_ACTION_GAME_CELL_TAPPED, row: 1, column: 1)
    #expect(probe.gameChanges == 2)
    probe.send(TTT_ACTION_GAME_CELL_TAPPED, row: 1, column: 1)  // taken: no change
    #expect(probe.gameChanges == 2)
  }

  @Test func requestsAreValidatedAndSettleIsAnswered() async {
    #expect(probe.request(ttt_request(rawValue: 77), "") == TTT_ERR_UNSUPPORTED)
    #expect(probe.request(TTT_REQUEST_ATTACH, "") == TTT_ERR_INVALID_ARGUMENT)
    #expect(probe.request(TTT_REQUEST_SETTLE, "") == TTT_OK)
    while probe.settled == 0 { await Task.yield() }
    #expect(probe.settled == 1)
  }

  @Test func detachedFrontEndsCanNoLongerCallIn() {
    for session in host.attachedFrontEnds { host.detach(session) }
    // Scoping a handle is refused after detach, so the send is refused too.
    #expect(probe.send(TTT_ACTION_LOGIN_SET_EMAIL, text: "x") != TTT_OK)
    guard case .login(let login) = host.store.state else { return }
    #expect(login.email == "")
  }
}
