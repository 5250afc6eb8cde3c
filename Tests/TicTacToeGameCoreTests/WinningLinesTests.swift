import Testing
import TicTacToeGameCore
import UnidirectionalFlowTesting

/// A cell of the board.
struct Cell: Hashable, Sendable, CustomTestStringConvertible {
  let row: Int
  let column: Int
  var testDescription: String { "(\(row), \(column))" }
}

/// The 8 winning lines, written out independently of the implementation.
let winningLines: [[Cell]] = [
  [Cell(row: 0, column: 0), Cell(row: 0, column: 1), Cell(row: 0, column: 2)],
  [Cell(row: 1, column: 0), Cell(row: 1, column: 1), Cell(row: 1, column: 2)],
  [Cell(row: 2, column: 0), Cell(row: 2, column: 1), Cell(row: 2, column: 2)],
  [Cell(row: 0, column: 0), Cell(row: 1, column: 0), Cell(row: 2, column: 0)],
  [Cell(row: 0, column: 1), Cell(row: 1, column: 1), Cell(row: 2, column: 1)],
  [Cell(row: 0, column: 2), Cell(row: 1, column: 2), Cell(row: 2, column: 2)],
  [Cell(row: 0, column: 0), Cell(row: 1, column: 1), Cell(row: 2, column: 2)],
  [Cell(row: 0, column: 2), Cell(row: 1, column: 1), Cell(row: 2, column: 0)],
]

@MainActor
struct WinningLinesTests {
  @Test(arguments: winningLines)
  func xWinsByCompletingTheLine(line: [Cell]) async {
    let allCells = (0..<3).flatMap { row in (0..<3).map { Cell(row: row, column: $0) } }
    let others = allCells.filter { !line.contains($0) }
    let store = TestStore(
      initialState: Game.State(oPlayerName: "Blob Jr.", xPlayerName: "Blob Sr.")
    ) {
      Game()
    }
    for (xCell, oCell) in zip(line.prefix(2), others.prefix(2)) {
      await store.send(.cellTapped(row: xCell.row, column: xCell.column)) {
        $0.board[xCell.row][xCell.column] = .x
        $0.currentPlayer = .o
      }
      await store.send(.cellTapped(row: oCell.row, column: oCell.column)) {
        $0.board[oCell.row][oCell.column] = .o
        $0.currentPlayer = .x
      }
      #expect(store.state.winner == nil)
    }
    await store.send(.cellTapped(row: line[2].row, column: line[2].column)) {
      $0.board[line[2].row][line[2].column] = .x
    }
    #expect(store.state.winner == .x)
    #expect(store.state.currentPlayer == .x)
    #expect(store.state.isBoardDisabled)
    #expect(store.state.isPlayAgainButtonVisible)
    #expect(store.state.title == "Winner! Congrats Blob Sr.!")

    // The game is over: no further mark is placed.
    await store.send(.cellTapped(row: others[2].row, column: others[2].column))
  }

  @Test(arguments: winningLines, [Player.x, .o])
  func boardWinnerRecognizesTheLine(line: [Cell], player: Player) {
    var board = Three<Three<Player?>>.empty
    for cell in line { board[cell.row][cell.column] = player }
    #expect(board.winner == player)
    board[line[1].row][line[1].column] = player.toggled
    #expect(board.winner == nil)
  }
}
