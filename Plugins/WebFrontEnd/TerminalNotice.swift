/// What the `web` front end writes on the terminal it owns (after `:frontend web`): where the
/// game went, and how to bring it back.
enum TerminalNotice {
  /// The notice, with the page's URL.
  static func text(url: String) -> String {
    "The game is in your browser now: open\n  \(url)\n" + commands
  }

  /// The commands it takes, in one line.
  static let commands =
    "Type :frontend text (or :frontend ansi) to play here again; :quit or Ctrl-D quits.\n"
}
