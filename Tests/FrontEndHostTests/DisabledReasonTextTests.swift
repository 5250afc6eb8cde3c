import Foundation
import TestSupport
import Testing
import TicTacToeAppCore
import TicTacToeAppSchema
import TicTacToeGameCore

/// Disabled reasons are values, worded for people in one place, with rows and columns counted
/// from 1 as every board labels them; the text front end shows the host's words (issue 25).
@Suite struct DisabledReasonTextTests {
  @Test func aTakenCellCountsRowsAndColumnsFrom1() {
    // Row 1, column 2 counted from 0 (as payloads and the state count) is row 2, column 3.
    #expect(
      TicTacToe.DisabledReason.game(.cellTaken(row: 1, column: 2)).text
        == "row 2, column 3 is taken")
    #expect(
      TicTacToe.DisabledReason.game(.cellTaken(row: 0, column: 0)).text
        == "row 1, column 1 is taken")
  }

  @Test func everyReasonHasWords() {
    let reasons: [TicTacToe.DisabledReason] = [
      .login(.requestInFlight), .login(.fieldsEmpty(email: true, password: true)),
      .login(.fieldsEmpty(email: true, password: false)),
      .login(.fieldsEmpty(email: false, password: true)), .twoFactor(.requestInFlight),
      .twoFactor(.codeTooShort(minimumLength: 4)), .newGame(.playersUnnamed),
      .game(.quitConfirmationShown), .game(.cellOutsideBoard(row: 3, column: 0)),
      .game(.gameWon(winnerName: "Blob")), .game(.gameTied),
      .game(.cellTaken(row: 2, column: 0)),
    ]
    let texts = reasons.map(\.text)
    #expect(Set(texts).count == reasons.count, "two reasons read the same: \(texts)")
    #expect(texts.allSatisfy { !$0.isEmpty && $0.first!.isLowercase })
    #expect(texts[9] == "the game is over: Blob won")
    #expect(texts[11] == "row 3, column 1 is taken")
  }

  @Test func theTextFrontEndShowsTheHostsReasonWithRowsFrom1() async throws {
    let lines = [
      "email blob@pointfree.co", "password password", "login", "x Blob", "o Blub", "play",
      "2 3", "2 3",
    ]
    let result = try await Fixtures.run(
      Fixtures.hostExecutable, ["--frontend", "text", "--auth-delay", "0"],
      input: Data((lines.joined(separator: "\n") + "\n").utf8))
    #expect(result.status == 0)
    #expect(
      result.standardOutput.contains("! row 2, column 3 is taken\n"), "\(result.standardOutput)")
  }
}
