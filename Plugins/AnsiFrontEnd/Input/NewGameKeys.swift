import FrontEndKit
import TerminalUI
import TicTacToeFrontEndABI

extension InterfaceState {
  /// New game: typing edits the focused name (with the line-editing keys of
  /// ``editField(_:with:intents:)``); tab and the arrows move between the names and
  /// the buttons; enter on a name moves on, enter on a button presses it.
  mutating func handleNewGame(_ key: Key, _ newGame: NewGameScreen, intents: inout [Intent]) {
    let field: ttt_text_field? =
      switch newGameFocus {
      case .xPlayerName: TTT_FIELD_NEW_GAME_X_PLAYER_NAME
      case .oPlayerName: TTT_FIELD_NEW_GAME_O_PLAYER_NAME
      case .letsPlayButton, .logoutButton: nil
      }
    if let field {
      let text =
        field == TTT_FIELD_NEW_GAME_X_PLAYER_NAME ? newGame.xPlayerName : newGame.oPlayerName
      if editField(EditedField(field: field, text: text), with: key, intents: &intents) { return }
    }
    switch key {
    case .tab, .down: newGameFocus = newGameFocus.moved(by: 1)
    case .backTab, .up: newGameFocus = newGameFocus.moved(by: -1)
    case .left, .right:
      if field == nil {
        newGameFocus = newGameFocus == .letsPlayButton ? .logoutButton : .letsPlayButton
      }
    case .enter:
      pressNewGame(intents: &intents)
    case .character(" ") where field == nil:
      pressNewGame(intents: &intents)
    default:
      break
    }
  }

  /// Enter: from a name to the next element; on a button, press it.
  private mutating func pressNewGame(intents: inout [Intent]) {
    switch newGameFocus {
    case .xPlayerName, .oPlayerName:
      newGameFocus = newGameFocus.moved(by: 1)
    case .letsPlayButton:
      intents.add(.send(TTT_ACTION_NEW_GAME_LETS_PLAY_BUTTON_TAPPED))
    case .logoutButton:
      intents.add(.send(TTT_ACTION_NEW_GAME_LOGOUT_BUTTON_TAPPED))
    }
  }
}
