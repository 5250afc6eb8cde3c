import Foundation
import FrontEndHost
import TestSupport
import Testing
import TicTacToeAppCore
import TicTacToeFrontEndABI
import TicTacToeNewGameCore

/// What ABI 1.2 added for front-end authors (issue 12), used from C through the probe: disabled
/// intents refused with a reason, senders in ISO C and their lifetime, arrays that can grow,
/// redaction, and requests checked when made.
@MainActor
@Suite struct ABI12Tests {
  let host = makeTestHost()
  let probe: Probe

  init() async throws {
    probe = try await Probe()
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
  }

  // MARK: TTT_ERR_DISABLED

  @Test func anIntentTheScreenWouldIgnoreIsRefusedWithItsReason() async {
    #expect(probe.send(TTT_ACTION_LOGIN_BUTTON_TAPPED) == TTT_ERR_DISABLED)
    #expect(probe.lastError == "fill in the email and the password first")
    #expect(probe.send(TTT_ACTION_LOGIN_SET_EMAIL, text: "blob@pointfree.co") == TTT_OK)
    #expect(probe.send(TTT_ACTION_LOGIN_BUTTON_TAPPED) == TTT_ERR_DISABLED)
    #expect(probe.lastError == "fill in the password first")
    // Refused at the ABI: the store never saw it.
    #expect(!probe.actions.contains { $0.hasSuffix("loginButtonTapped") })

    await startGame(on: host)
    #expect(probe.send(TTT_ACTION_GAME_CELL_TAPPED, row: 1, column: 2) == TTT_OK)
    let before = host.store.state
    #expect(probe.send(TTT_ACTION_GAME_CELL_TAPPED, row: 1, column: 2) == TTT_ERR_DISABLED)
    #expect(probe.lastError == "row 2, column 3 is taken")
    #expect(probe.sendPathCell(1, 2) == TTT_ERR_DISABLED)
    #expect(probe.typedCellTapped(1, 2) == Int32(TTT_ERR_DISABLED))
    #expect(host.store.state == before)
    // A success leaves last_error as it was (the one rule of the header).
    #expect(probe.send(TTT_ACTION_GAME_CELL_TAPPED, row: 0, column: 0) == TTT_OK)
    #expect(probe.lastError == "row 2, column 3 is taken")
  }

  @Test func letsPlayWithAPlayerUnnamedIsRefused() async throws {
    let host = makeTestHost(initialState: .newGame(NewGame.State(xPlayerName: "Blob")))
    let probe = try await Probe()
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
    #expect(probe.send(TTT_ACTION_NEW_GAME_LETS_PLAY_BUTTON_TAPPED) == TTT_ERR_DISABLED)
    #expect(probe.lastError == "name both players first")
  }

  // MARK: Typed senders

  @Test func aSenderIsMadeOncePerHandleAndPath() async {
    let first = probe.makeSender("newGame.game.cellTapped")
    #expect(first != nil)
    #expect(probe.makeSender("newGame.game.cellTapped") == first)
    #expect(probe.makeSender("login.view.binding.email") != first)
    await startGame(on: host)
    let (status, typed) = probe.typedSenderCellTapped(2, 2)
    #expect(status == Int32(TTT_OK))
    #expect(typed == first.map { UnsafeRawPointer($0) })
    guard case .newGame(let newGame) = host.store.state else { return }
    #expect(newGame.game?.board[2][2] == .x)
  }

  @Test func makeTypedSenderRefusesAnUnknownPath() {
    #expect(probe.makeTypedSender("login.nope") == TTT_ERR_UNKNOWN)
    #expect(probe.lastError == "unknown action 'login.nope'")
  }

  // MARK: Arrays that grow

  @Test func argumentDescriptionsGiveTheirElementSize() {
    #expect(
      probe.argumentSize("newGame.game.cellTapped") == MemoryLayout<ttt_argument_info>.stride)
  }

  @Test func sendValuesReadsElementsOfTheCallersSize() async {
    await startGame(on: host)
    #expect(probe.sendValuesCell(0, 1) == TTT_OK)
    guard case .newGame(let newGame) = host.store.state else { return }
    #expect(newGame.game?.board[0][1] == .x)
    #expect(probe.sendValues(valueSize: 4) == TTT_ERR_INVALID_ARGUMENT)
    #expect(probe.lastError.hasPrefix("value_size is 4; a ttt_value is at least "))
  }

  // MARK: Redaction

  @Test func redactReplacesTheSecretsTheAppHoldsNow() async {
    #expect(probe.redact("unknown command :hunter2").0 == "unknown command :hunter2")
    #expect(probe.send(TTT_ACTION_LOGIN_SET_PASSWORD, text: "hunter2") == TTT_OK)
    // A quote that holds the secret goes whole: masking it in place would leave its outline.
    #expect(probe.redact(":hunter2") == ("***", 3))
    #expect(probe.redact("x hunter2 y") == ("***", 3))
    // Like snprintf: cut short to fit, and the whole length returned.
    #expect(probe.redact("x hunter2 y", size: 3) == ("**", 3))
    #expect(probe.redact("x hunter2 y", size: 0).1 == 3)
    // Signed in, the app holds no secret.
    await startGame(on: host)
    #expect(probe.redact("hunter2").0 == "hunter2")
  }

  // MARK: Requests

  @Test func aRequestThatCannotBeCarriedOutIsRefusedWhenMade() async throws {
    #expect(probe.request(TTT_REQUEST_DETACH, "nobody") == TTT_ERR_UNKNOWN)
    #expect(probe.lastError == "no attached observer is named 'nobody'")
    #expect(probe.request(TTT_REQUEST_ATTACH, "nothing-of-that-name") == TTT_ERR_UNKNOWN)
    #expect(probe.lastError.contains("no front end named 'nothing-of-that-name'"))
    // An observer whose attach is queued can be detached in the same breath.
    let fixture = try await Fixtures.compile("misbehaving.c")
    let output = try Fixtures.temporaryDirectory().appendingPathComponent("out").path
    #expect(probe.request(TTT_REQUEST_ATTACH, "\(fixture):\(output)") == TTT_OK)
    #expect(probe.request(TTT_REQUEST_DETACH, "misbehaving") == TTT_OK)
    // Both carried out, in order: attached, then detached.
    #expect(await yield { FileManager.default.fileExists(atPath: output) })
    #expect(await yield { host.attachedFrontEnds.map(\.name) == ["probe"] })
  }

  @Test func whatFailsWhenARequestIsCarriedOutIsOneLogLine() async throws {
    var lines: [String] = []
    host.diagnostics = { lines.append($0) }
    let fixture = try await Fixtures.compile("broken.c", defines: ["BROKEN_ATTACH_FAILS"])
    // It loads, so the request is accepted; its attach callback fails later.
    #expect(probe.request(TTT_REQUEST_ATTACH, fixture) == TTT_OK)
    #expect(
      await yield { lines.contains { $0.hasPrefix("tictactoe: [probe] error: cannot attach: ") } })
    #expect(lines.contains { $0.contains("failed with TTT_ERR_UNSUPPORTED (5)") })
  }

  @Test func aRequestNamingTheSecretRepeatsNothingOfIt() {
    #expect(probe.send(TTT_ACTION_LOGIN_SET_PASSWORD, text: "pass/word:x") == TTT_OK)
    #expect(probe.request(TTT_REQUEST_SWITCH, "pass/word:x") == TTT_ERR_UNKNOWN)
    #expect(!probe.lastError.contains("pass"))
    #expect(probe.lastError.contains("holds a secret"))
  }
}
