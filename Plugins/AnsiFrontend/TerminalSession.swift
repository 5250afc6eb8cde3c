import TerminalUI

/// The terminal while the front end owns it: raw mode, the alternate screen, a hidden cursor,
/// and a renderer that writes only what changed. ``release()`` puts everything back.
final class TerminalSession {
  private let mode = RawMode(descriptor: 0)
  private let output = TerminalOutput(descriptor: 1)
  private var renderer: Renderer
  /// Whether the terminal is taken over now (not before attach, after detach, or while
  /// suspended).
  private(set) var isActive = false
  /// The terminal's size, as last reported.
  var size: TerminalSize

  /// Prepares a session; nothing changes on the terminal until ``takeOver()``.
  init(colors: Bool) {
    renderer = Renderer(colors: colors)
    size = TerminalSession.currentSize()
  }

  /// Bytes written to the terminal so far.
  var bytesWritten: Int { output.bytesWritten }

  /// Saves the terminal's mode, enters raw mode and the alternate screen, hides the cursor;
  /// the next ``draw(_:)`` redraws everything.
  func takeOver() throws(TerminalError) {
    guard !isActive else { return }
    try mode.enter()
    output.write(ControlSequence.enterAlternateScreen + ControlSequence.hideCursor)
    renderer.invalidate()
    isActive = true
  }

  /// Resets the style, shows the cursor, leaves the alternate screen and restores the saved
  /// mode exactly.
  func release() {
    guard isActive else { return }
    output.write(
      ControlSequence.resetStyle + ControlSequence.showCursor
        + ControlSequence.leaveAlternateScreen)
    mode.restore()
    isActive = false
  }

  /// Draws `frame`, writing only what changed since the last one.
  func draw(_ frame: Frame) {
    guard isActive else { return }
    let bytes = renderer.render(frame)
    if !bytes.isEmpty { output.write(bytes) }
  }

  /// Forces the next ``draw(_:)`` to redraw everything.
  func invalidate() {
    renderer.invalidate()
  }

  /// Re-reads the size from the terminal (after a resume, when SIGWINCH may have been missed).
  func refreshSize() {
    size = TerminalSession.currentSize()
  }

  private static func currentSize() -> TerminalSize {
    TerminalSize.of(descriptor: 1) ?? TerminalSize(columns: 80, rows: 24)
  }
}
