import FrontEndKit
import TerminalUI
import TicTacToeFrontEndABI

extension InterfaceState {
  /// Game: the arrows or hjkl move the cursor; enter or space places a mark (while the board
  /// is enabled) or plays again (once it is offered); the digits 1 to 9 place a mark on the
  /// cells in reading order (1 top left, 9 bottom right); `r` plays again too; `q` leaves the
  /// game, asking first while it is in progress: then `y` quits, and `n`, escape or enter keep
  /// playing (the safe answer is the default). A key that cannot place a mark shows the host's
  /// reason in the status line.
  mutating func handleGame(_ key: Key, _ game: GameScreen, intents: inout [Intent]) {
    if game.alertTitle != nil {
      switch key {
      case .character("y"), .character("Y"): intents.add(.send(TTT_ACTION_GAME_ALERT_CONFIRM_QUIT))
      case .character("n"), .character("N"), .escape, .enter:
        intents.add(.send(TTT_ACTION_GAME_ALERT_DISMISS))
      default: message = "quit this game? y quits, n keeps playing"
      }
      return
    }
    switch key {
    case .up, .character("k"): boardCursor.move(rows: -1, columns: 0)
    case .down, .character("j"): boardCursor.move(rows: 1, columns: 0)
    case .left, .character("h"): boardCursor.move(rows: 0, columns: -1)
    case .right, .character("l"): boardCursor.move(rows: 0, columns: 1)
    case .enter, .character(" "):
      if game.isPlayAgainButtonVisible {
        intents.add(.send(TTT_ACTION_GAME_PLAY_AGAIN_BUTTON_TAPPED))
      } else {
        place(at: boardCursor, intents: &intents)
      }
    case .character(let digit) where ("1"..."9").contains(digit):
      let index = Int(String(digit))! - 1
      boardCursor = BoardCursor(row: index / 3, column: index % 3)
      place(at: boardCursor, intents: &intents)
    case .character("r") where game.isPlayAgainButtonVisible:
      intents.add(.send(TTT_ACTION_GAME_PLAY_AGAIN_BUTTON_TAPPED))
    case .character("q"):
      intents.add(.send(TTT_ACTION_GAME_QUIT_BUTTON_TAPPED))
    default:
      break
    }
  }

  /// Places a mark at `cell`; the host says why it cannot (a taken cell, a finished game), and
  /// the status line shows its refusal.
  private mutating func place(at cell: BoardCursor, intents: inout [Intent]) {
    intents.add(.send(TTT_ACTION_GAME_CELL_TAPPED, row: cell.row, column: cell.column))
  }
}
