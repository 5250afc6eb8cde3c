/// The warning a terminal front end gives instead of quitting the app while a game is in
/// progress: the game would be lost, and leaving it asks first too ("Quit this game?"). The
/// forced form of the command (`quit!` in `text`, `:q!` in `ansi`, as in vim) quits anyway.
///
/// ```swift
/// if !forced, let warning = QuitWarning.before(quittingOn: screen, force: "quit!", leave: "leave") {
///   say(warning)  // and do not quit
/// }
/// ```
public enum QuitWarning {
  /// The warning before quitting on `screen`, or `nil` when nothing would be lost. `force`
  /// names what quits anyway, and `leave` what leaves the game first, in the front end's words.
  public static func before(quittingOn screen: Screen, force: String, leave: String) -> String? {
    guard case .game(let game) = screen, !game.isPlayAgainButtonVisible else { return nil }
    return "a game is in progress: \(force) quits anyway, \(leave) leaves the game first"
  }
}
