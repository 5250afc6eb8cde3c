import DynamicCall
import Foundation
import FrontEndHost
import TestSupport
import Testing
import TicTacToeAppCore
import TicTacToeFrontEndABI

/// ABI 1.1 reflection, used from C: action descriptions, sends by case path, typed senders made
/// with libffi, and field descriptions.
@MainActor
@Suite struct ReflectionTests {
  let host = makeTestHost()
  let probe: Probe

  init() async throws {
    probe = try await Probe()
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
  }

  @Test func describesEveryUserIntentAndNoEffectOnlyAction() {
    let paths = probe.actionPaths
    #expect(paths.count == 18)
    #expect(paths.contains("newGame.game.cellTapped"))
    #expect(paths.contains("login.twoFactor.dismiss"))
    #expect(!paths.contains { $0.contains("Response") })
    #expect(probe.actionSignature("newGame.game.cellTapped") == "row:int32,column:int32")
    #expect(probe.actionSignature("login.view.binding.email") == "value:string")
    #expect(probe.actionSignature("newGame.letsPlayButtonTapped") == "")
  }

  @Test func aCAuthorCallsATypedSender() async {
    #expect(probe.typedSetEmail("blob@pointfree.co") == Int32(TTT_OK))
    guard case .login(let login) = host.store.state else { return }
    #expect(login.email == "blob@pointfree.co")
    await startGame(on: host)
    #expect(probe.typedCellTapped(1, 2) == Int32(TTT_OK))
    #expect(probe.typedCellTapped(1, 7) == Int32(TTT_ERR_INVALID_ARGUMENT))
    #expect(probe.lastError == #""column" 7 is out of range 0...2 (payloads count from 0)"#)
    guard case .newGame(let newGame) = host.store.state else { return }
    #expect(newGame.game?.board[1][2] == .x)
    #expect(probe.makeSenderRefusesUnknownPaths)
    #expect(probe.lastError == "unknown action 'login.nope'")
  }

  @Test func sendPathChecksArgumentsAgainstTheDescription() async {
    #expect(probe.sendPath("login.view.binding.email", string: "a@b") == TTT_OK)
    #expect(probe.sendPath("login.view.loginButtonTapped", string: "x") == TTT_ERR_INVALID_ARGUMENT)
    #expect(
      probe.lastError == "login.view.loginButtonTapped takes (), but was given (string)")
    #expect(probe.sendPath("login.loginResponse.success") == TTT_ERR_EFFECT_ONLY)
    #expect(
      probe.lastError
        == "'login.loginResponse.success' is a server response: only the effect of "
        + "login.view.loginButtonTapped sends it")
    await startGame(on: host)
    #expect(probe.sendPathCell(0, 0) == TTT_OK)
    #expect(probe.sendPath("newGame.game.cellTapped", string: "0") == TTT_ERR_INVALID_ARGUMENT)
    #expect(
      probe.lastError
        == "newGame.game.cellTapped takes (row: int32, column: int32), but was given (string)")
  }

  @Test func aNewIntentReachesFrontEndsWithoutChangingThem() async {
    host.registerAction(
      ActionCatalog.Entry(
        casePath: "newGame.game.testOnlyTakeCentre", feature: .game,
        summary: "Test-only: place a mark in the centre",
        make: { _ in .success(.newGame(.game(.presented(.cellTapped(row: 1, column: 1))))) }))
    #expect(probe.actionPaths.last == "newGame.game.testOnlyTakeCentre")
    await startGame(on: host)
    #expect(probe.sendPath("newGame.game.testOnlyTakeCentre") == TTT_OK)
    guard case .newGame(let newGame) = host.store.state else { return }
    #expect(newGame.game?.board[1][1] == .x)
  }

  @Test func describesTheObservableFieldsWithTheirOffsets() {
    let fields = probe.fields
    let title = fields.first { $0.name == "title" }
    #expect(title?.feature == TTT_FEATURE_GAME.rawValue)
    #expect(title?.offset == MemoryLayout<ttt_game_state>.offset(of: \.title))
    #expect(fields.contains { $0.name == "password_length" })
    #expect(!fields.contains { $0.name == "password" || $0.name == "token" })
  }
}

/// The JSON-lines front end has no action table: it sends whatever the host describes.
@MainActor
@Suite struct JsonlReflectionTests {
  @Test func anIntentAddedToTheAppWorksOverJSONLinesUnchanged() async throws {
    let host = makeTestHost()
    let output = try Fixtures.temporaryDirectory().appendingPathComponent("events.jsonl").path
    let jsonl = try Fixtures.stockFrontEnd("jsonl")
    _ = try host.attach(FrontEndSpec("\(jsonl):\(output)"), ownsTerminal: true).get()
    host.registerAction(
      ActionCatalog.Entry(
        casePath: "newGame.game.testOnlyPlaceAt", feature: .game,
        arguments: [("square", .int32)], summary: "Test-only: place a mark at square 0...8",
        make: { arguments in
          guard case .int32(let square) = arguments[0], (0...8).contains(square) else {
            return .failure(.invalid("square must be 0...8"))
          }
          let (row, column) = Int(square).quotientAndRemainder(dividingBy: 3)
          return .success(.newGame(.game(.presented(.cellTapped(row: row, column: column)))))
        }))
    await startGame(on: host)
    let lines = [
      #"{"action":"newGame.game.testOnlyPlaceAt","square":5}"#,
      #"{"action":"newGame.game.testOnlyPlaceAt","square":"5","id":7}"#,
    ]
    host.deliverInput(Array((lines.joined(separator: "\n") + "\n").utf8))
    guard case .newGame(let newGame) = host.store.state else {
      Issue.record("not playing")
      return
    }
    #expect(newGame.game?.board[1][2] == .x)
    host.flushOutputs()
    let events = contents(of: output)
    #expect(events.contains(#""action":"newGame.game.cellTapped""#))
    #expect(
      events.contains(
        #""message":"\"square\" of \"newGame.game.testOnlyPlaceAt\" must be an integer, not a string""#
      ))
    #expect(events.contains(#""id":7"#))
  }
}
