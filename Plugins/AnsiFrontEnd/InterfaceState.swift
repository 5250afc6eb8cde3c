import FrontEndKit
import TerminalUI

/// What the ANSI front end keeps for itself: where the user is on the screen, never app state
/// (fields, board, flags and titles are always read from the host).
struct InterfaceState: Equatable {
  /// The screen the focus below belongs to.
  private(set) var screenKind: ScreenKind?
  /// Focus on the login screen.
  var loginFocus = LoginFocus.email { didSet { caret = 0 } }
  /// Focus on the two-factor screen.
  var twoFactorFocus = TwoFactorFocus.code { didSet { caret = 0 } }
  /// Focus on the new-game screen.
  var newGameFocus = NewGameFocus.xPlayerName { didSet { caret = 0 } }
  /// Where the cursor is in the focused text field: how many characters before its end (0,
  /// at the end, where typing appends; back there whenever the focus moves).
  var caret = 0
  /// The highlighted cell of the board.
  var boardCursor = BoardCursor()
  /// The text after `:` while the command line is open; `nil` when closed.
  var commandLine: String?
  /// The commands run on the command line, for ↑ and ↓.
  var commandHistory = CommandHistory()
  /// A one-line message for the status line (a command's result or error), until the next key.
  var message: String?
  /// Whether Ctrl-D was just refused because a game is in progress: the next key, if it is
  /// Ctrl-D again, quits anyway.
  var isQuitConfirmationPending = false
  /// How far the replay that drives the game has come, during `tictactoe replay`: keys of the
  /// screen are refused then, and the footer shows the progress.
  var replay: ReplayStatus?
  /// Whether the help box (`?`) is up; the next key closes it.
  var isHelpShown = false
  /// The activity indicator's frame, moved on by a ticker while a request is in flight.
  var spinner = Spinner()
  /// The host's socket when it listens (`tictactoe --listen`), shown at start, in the help and
  /// by `:listen`.
  var listeningPath: String?

  /// Where the host listens and how to attach to it, or `nil` when it does not listen.
  var listeningMessage: String? {
    listeningPath.map { "listening on \($0): tictactoe attach shows this game" }
  }

  /// Follows the host to `screen`. A screen entered afresh starts with its first element
  /// focused; coming back to a screen from the one it presented (login after backing out of
  /// two-factor, new game after quitting a game) keeps the focus where it was.
  mutating func follow(_ screen: Screen) {
    let kind = ScreenKind(screen)
    guard kind != screenKind else { return }
    let previous = screenKind
    screenKind = kind
    caret = 0
    switch kind {
    case .login where previous != .twoFactor: loginFocus = .email
    case .twoFactor: twoFactorFocus = .code
    case .newGame where previous != .game: newGameFocus = .xPlayerName
    case .game: boardCursor = BoardCursor()
    case .login, .newGame: break
    }
  }

  /// Whether keys go to a text field on `screen` (then `:` and `?` are typed; Escape leaves the
  /// field).
  func isEditingText(on screen: Screen) -> Bool {
    // A replay's fields take no typing: `:` and `?` work from anywhere.
    guard replay == nil else { return false }
    return switch screen {
    case .login(let login): login.alertTitle == nil && loginFocus != .loginButton
    case .twoFactor(let twoFactor, _): twoFactor.alertTitle == nil && twoFactorFocus == .code
    case .newGame: newGameFocus == .xPlayerName || newGameFocus == .oPlayerName
    case .game: false
    }
  }
}
