import Testing
import TicTacToeGameCore

/// `moveCount`: the marks on the board, derived, so that it can never disagree with it.
@Suite struct MoveCountTests {
  @Test func countsTheMarksOnTheBoard() {
    var game = Game.State(oPlayerName: "Blub", xPlayerName: "Blob")
    #expect(game.moveCount == 0)
    game.board[1][1] = .x
    game.board[0][2] = .o
    #expect(game.moveCount == 2)
    for row in 0..<3 {
      for column in 0..<3 { game.board[row][column] = (row + column).isMultiple(of: 2) ? .x : .o }
    }
    #expect(game.moveCount == 9)
  }
}
