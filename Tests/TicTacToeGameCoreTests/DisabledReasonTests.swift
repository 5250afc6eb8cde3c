import Testing
import TicTacToeGameCore

/// Why a game ignores a tap, as a value (issue 12, defect 3; issue 25).
struct GameDisabledReasonTests {
  @Test func aTakenCellAndAFinishedGameSayWhy() {
    var game = Game.State(oPlayerName: "Blub", xPlayerName: "Blob")
    #expect(game.whyDisabled(.cellTapped(row: 1, column: 2)) == nil)
    game.board[1][2] = .x
    #expect(game.whyDisabled(.cellTapped(row: 1, column: 2)) == .cellTaken(row: 1, column: 2))
    #expect(
      game.whyDisabled(.cellTapped(row: 3, column: 0)) == .cellOutsideBoard(row: 3, column: 0))
    game.board[1][0] = .x
    game.board[1][1] = .x
    #expect(game.whyDisabled(.cellTapped(row: 0, column: 0)) == .gameWon(winnerName: "Blob"))
    #expect(game.whyDisabled(.playAgainButtonTapped) == nil)
    #expect(game.whyDisabled(.quitButtonTapped) == nil)
  }

  @Test func theQuitConfirmationHoldsBackEverythingButItsButtons() {
    var game = Game.State(oPlayerName: "Blub", xPlayerName: "Blob")
    game.alert = .confirmQuit
    let reason = Game.DisabledReason.quitConfirmationShown
    #expect(game.whyDisabled(.cellTapped(row: 0, column: 0)) == reason)
    #expect(game.whyDisabled(.playAgainButtonTapped) == reason)
    #expect(game.whyDisabled(.quitButtonTapped) == reason)
    #expect(game.whyDisabled(.alert(.presented(.confirmQuitButtonTapped))) == nil)
    #expect(game.whyDisabled(.alert(.dismiss)) == nil)
  }

  @Test func aTiedGameSaysSo() {
    var game = Game.State(oPlayerName: "Blub", xPlayerName: "Blob")
    let marks: [[Player]] = [[.x, .o, .x], [.x, .o, .o], [.o, .x, .x]]
    for row in 0..<3 { for column in 0..<3 { game.board[row][column] = marks[row][column] } }
    #expect(game.isTied)
    #expect(game.whyDisabled(.cellTapped(row: 0, column: 0)) == .gameTied)
  }
}
