import FrontEndKit
import TerminalUI
import TicTacToeFrontEndABI

extension InterfaceState {
  /// Handles one key on `screen`: updates the focus, cursor and command line, and returns what
  /// to ask of the host, in order.
  ///
  /// Keys that work everywhere come first: Ctrl-C and Ctrl-D quit, Ctrl-Z suspends, `:` opens
  /// the command line (except in a text field, where it is typed). The rest go to the command
  /// line while it is open, else to the screen.
  mutating func handle(_ key: Key, on screen: Screen) -> [Intent] {
    follow(screen)
    message = nil
    var intents: [Intent] = []
    switch key {
    case .interrupt, .endOfTransmission:
      intents.add(.request(TTT_REQUEST_QUIT))
    case .suspend:
      intents.add(.suspendProcess)
    case _ where commandLine != nil:
      handleCommandLine(key, intents: &intents)
    case .character(":") where !isEditingText(on: screen):
      commandLine = ""
    default:
      switch screen {
      case .login(let login): handleLogin(key, login, intents: &intents)
      case .twoFactor(let twoFactor, _): handleTwoFactor(key, twoFactor, intents: &intents)
      case .newGame(let newGame): handleNewGame(key, newGame, intents: &intents)
      case .game(let game): handleGame(key, game, intents: &intents)
      }
    }
    return intents
  }
}
