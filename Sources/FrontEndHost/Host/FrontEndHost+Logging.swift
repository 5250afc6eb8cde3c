import TicTacToeFrontEndABI

/// Front ends' log lines and the host's own, held back while a full-screen front end owns the
/// terminal (they would be drawn over).
extension FrontEndHost {
  /// Writes a front end's log line, or keeps it while a full-screen front end owns the terminal.
  func log(from session: AttachedFrontEnd, level: UInt32, message: String) {
    let label =
      switch ttt_log_level(rawValue: level) {
      case TTT_LOG_DEBUG: "debug"
      case TTT_LOG_INFO: "info"
      case TTT_LOG_WARNING: "warning"
      default: "error"
      }
    say("tictactoe: [\(session.name)] \(label): \(message)")
  }

  /// Writes a line of the host's own, or keeps it while a full-screen front end owns the
  /// terminal (it would be drawn over).
  func say(_ line: String) {
    if terminalOwner?.frontEnd.isFullScreen == true {
      heldLogLines.append(line)
      if heldLogLines.count > 1000 { heldLogLines.removeFirst(heldLogLines.count - 1000) }
    } else {
      diagnostics(line)
    }
  }

  func flushHeldLogLines() {
    let lines = heldLogLines
    heldLogLines = []
    lines.forEach(diagnostics)
  }
}
