import TerminalUI

/// The terminal while the front end owns it: raw mode, the alternate screen, a hidden cursor,
/// and a renderer that writes only what changed. ``release()`` puts everything back.
///
/// An observing session draws into another terminal or a file and leaves every mode alone.
final class TerminalSession {
  private let mode: RawMode?
  private let output: TerminalOutput
  private let descriptor: Int32
  private var renderer: Renderer
  /// Whether the terminal is taken over now (not before attach, after detach, or while
  /// suspended).
  private(set) var isActive = false
  /// The terminal's size, as last reported.
  var size: TerminalSize

  /// Prepares a session drawing on `descriptor` (standard output by default); with
  /// `controlsMode`, it also puts standard input in raw mode. Nothing changes until
  /// ``takeOver()``.
  init(colors: Bool, descriptor: Int32 = 1, controlsMode: Bool = true) {
    self.descriptor = descriptor
    mode = controlsMode ? RawMode(descriptor: 0) : nil
    output = TerminalOutput(descriptor: descriptor)
    renderer = Renderer(colors: colors)
    size = TerminalSession.currentSize(of: descriptor)
  }

  /// Bytes written to the terminal so far.
  var bytesWritten: Int { output.bytesWritten }

  /// Saves the terminal's mode, enters raw mode and the alternate screen, hides the cursor;
  /// the next ``draw(_:)`` redraws everything.
  func takeOver() throws(TerminalError) {
    guard !isActive else { return }
    try mode?.enter()
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
    mode?.restore()
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
    size = TerminalSession.currentSize(of: descriptor)
  }

  private static func currentSize(of descriptor: Int32) -> TerminalSize {
    TerminalSize.of(descriptor: descriptor) ?? TerminalSize(columns: 80, rows: 24)
  }
}
