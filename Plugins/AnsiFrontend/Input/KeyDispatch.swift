import FrontendKit
import TerminalUI
import TicTacToeFrontendABI

extension InterfaceState {
  /// Handles a batch of keys on `screen`: updates the focus, cursor and command line, and
  /// returns what to ask of the host, in order.
  ///
  /// Keys that work everywhere come first: Ctrl-C and Ctrl-D quit, Ctrl-Z suspends, `:` opens
  /// the command line (except in a text field, where it is typed). The rest go to the command
  /// line while it is open, else to the screen.
  mutating func handle(_ keys: [Key], on screen: Screen) -> [Intent] {
    follow(screen)
    var intents: [Intent] = []
    for key in keys {
      message = nil
      switch key {
      case .interrupt, .endOfTransmission:
        intents.add(.request(TTT_REQUEST_QUIT))
        continue
      case .suspend:
        intents.add(.suspendProcess)
        continue
      default:
        break
      }
      if commandLine != nil {
        handleCommandLine(key, intents: &intents)
        continue
      }
      if key == .character(":"), !isEditingText(on: screen) {
        commandLine = ""
        continue
      }
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
