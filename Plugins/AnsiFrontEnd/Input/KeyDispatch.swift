import FrontEndKit
import TerminalUI
import TicTacToeFrontEndABI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension InterfaceState {
  /// Handles one key on `screen`: updates the focus, cursor and command line, and returns what
  /// to ask of the host, in order.
  ///
  /// Keys that work everywhere come first: Ctrl-C and Ctrl-\ raise their signals (the host
  /// quits with 128+N, as in any terminal program), Ctrl-D quits (with a game in progress, a
  /// second Ctrl-D in a row does), Ctrl-Z suspends. While the help is up, any other key closes
  /// it. Escape leaves a text field; outside one, `:` opens the command line, `?` shows the
  /// help, and `q` quits where no game is shown (on the game, it leaves the game). The rest go
  /// to the command line while it is open, else to the screen; during a replay, the screen
  /// takes none and the status line says why. `quote` makes what the command line's messages
  /// quote of the typed text fit to show (the host's `redact`: the user may have typed the
  /// password there).
  mutating func handle(
    _ key: Key, on screen: Screen, quoting quote: (String) -> String = { $0 }
  ) -> [Intent] {
    follow(screen)
    message = nil
    let isQuitAsked = isQuitConfirmationPending
    isQuitConfirmationPending = false
    var intents: [Intent] = []
    switch key {
    case .interrupt:
      intents.add(.raiseSignal(SIGINT))
    case .quitSignal:
      intents.add(.raiseSignal(SIGQUIT))
    case .endOfTransmission:
      if !isQuitAsked, replay == nil,
        let warning = QuitWarning.before(quittingOn: screen, force: "ctrl-d again", leave: "q")
      {
        message = warning
        isQuitConfirmationPending = true
      } else {
        intents.add(.request(TTT_REQUEST_QUIT))
      }
    case .suspend:
      intents.add(.raiseSignal(SIGTSTP))
    case _ where isHelpShown:
      isHelpShown = false
    case _ where commandLine != nil:
      handleCommandLine(key, on: screen, intents: &intents, quoting: quote)
    case .escape where isEditingText(on: screen):
      leaveTextField()
    case .character(":") where !isEditingText(on: screen):
      commandLine = ""
    case .character("?") where !isEditingText(on: screen):
      isHelpShown = true
    case .character("q") where !isEditingText(on: screen) && ScreenKind(screen) != .game:
      intents.add(.request(TTT_REQUEST_QUIT))
    case _ where replay != nil:
      message = ReplayStatus.refusal
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

  /// Moves the focus from a text field to the screen's main button, where `:` and `?` work.
  private mutating func leaveTextField() {
    switch screenKind {
    case .login: loginFocus = .loginButton
    case .twoFactor: twoFactorFocus = .submitButton
    case .newGame: newGameFocus = .letsPlayButton
    case .game, nil: break
    }
  }
}
