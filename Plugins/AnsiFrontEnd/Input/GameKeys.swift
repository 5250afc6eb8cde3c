import FrontEndKit
import TerminalUI
import TicTacToeFrontEndABI

extension InterfaceState {
  /// Game: the arrows or hjkl move the cursor; enter or space places a mark (while the board
  /// is enabled) or plays again (once it is offered); `r` plays again too; `q` quits the game.
  mutating func handleGame(_ key: Key, _ game: GameScreen, intents: inout [Intent]) {
    switch key {
    case .up, .character("k"): boardCursor.move(rows: -1, columns: 0)
    case .down, .character("j"): boardCursor.move(rows: 1, columns: 0)
    case .left, .character("h"): boardCursor.move(rows: 0, columns: -1)
    case .right, .character("l"): boardCursor.move(rows: 0, columns: 1)
    case .enter, .character(" "):
      if game.isPlayAgainButtonVisible {
        intents.add(.send(TTT_ACTION_GAME_PLAY_AGAIN_BUTTON_TAPPED))
      } else if !game.isBoardDisabled {
        intents.add(
          .send(TTT_ACTION_GAME_CELL_TAPPED, row: boardCursor.row, column: boardCursor.column))
      }
    case .character("r") where game.isPlayAgainButtonVisible:
      intents.add(.send(TTT_ACTION_GAME_PLAY_AGAIN_BUTTON_TAPPED))
    case .character("q"):
      intents.add(.send(TTT_ACTION_GAME_QUIT_BUTTON_TAPPED))
    default:
      break
    }
  }
}
