import Testing
import TicTacToeGameCore

struct ThreeTests {
  @Test func isAFixedSizeMutableRandomAccessCollection() {
    var three = Three(1, 2, 3)
    #expect(three.count == 3)
    #expect(Array(three) == [1, 2, 3])
    #expect(three.indices == 0..<3)
    #expect(three[1] == 2)
    three[1] = 20
    #expect(Array(three) == [1, 20, 3])
    #expect(three.reversed() == [3, 20, 1])
    three.swapAt(0, 2)
    #expect(Array(three) == [3, 20, 1])
    #expect(Three(repeating: "a") == Three("a", "a", "a"))
    #expect(Set([Three(1, 2, 3), Three(1, 2, 3)]).count == 1)
  }

  @Test func emptyBoard() {
    let board = Three<Three<Player?>>.empty
    #expect(board.allSatisfy { $0.allSatisfy { $0 == nil } })
    #expect(!board.isFilled)
    #expect(board.winner == nil)
  }
}
