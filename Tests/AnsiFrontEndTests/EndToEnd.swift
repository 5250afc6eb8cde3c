import Testing

/// The end-to-end tests of the ansi front end: the real `tictactoe` in a real terminal (tmux),
/// one test at a time, since each runs a terminal, a host and a shell of its own.
@Suite(
  .serialized,
  .enabled(if: Tmux.isAvailable, "tmux is not installed: the ansi front end needs a terminal"))
enum EndToEnd {}
