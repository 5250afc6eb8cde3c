import FrontEndKit
import TerminalUI

/// The terminal while the front end owns it: raw mode, the alternate screen, a hidden cursor,
/// and a renderer that writes only what changed. ``release()`` puts everything back.
///
/// An observing session draws into another terminal or a file and leaves every mode alone.
/// Either way it writes through the host's output, never to a descriptor of its own.
final class TerminalSession {
  private let mode: RawMode?
  private let output: TerminalOutput
  /// Where the size is read from: standard output, or an observer's terminal.
  private let sizeSource: () -> TerminalSize?
  // No exclusivity check (here and on `drawn`): used on every draw, on the store thread only,
  // and writing the bytes out does not call the session back.
  @exclusivity(unchecked) private var renderer: Renderer
  /// The bytes of the last draw, kept so that drawing allocates nothing once it has grown.
  @exclusivity(unchecked) private var drawn: [UInt8] = []
  /// Whether the terminal is taken over now (not before attach, after detach, or while
  /// suspended).
  private(set) var isActive = false
  /// The terminal's size, as last reported.
  var size: TerminalSize

  /// Prepares a session drawing into `output`, sized by `sizeSource`; with `controlsMode`, it
  /// also puts standard input in raw mode. Nothing changes until ``takeOver()``.
  init(
    colors: Bool, output: OutputStream, controlsMode: Bool,
    sizeSource: @escaping () -> TerminalSize?
  ) {
    mode = controlsMode ? RawMode(descriptor: 0) : nil
    self.output = TerminalOutput { output.write($0) }
    self.sizeSource = sizeSource
    renderer = Renderer(colors: colors)
    size = sizeSource() ?? TerminalSize(columns: 80, rows: 24)
  }

  /// Bytes written to the terminal so far.
  var bytesWritten: Int { output.bytesWritten }

  /// Saves the terminal's mode, enters raw mode and the alternate screen, hides the cursor;
  /// the next ``draw(_:changedRows:)`` redraws everything.
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

  /// Draws `frame`, writing only what changed since the last one; only the rows in
  /// `changedRows` may differ from it (``Frame/takeChangedRows()``).
  func draw(_ frame: Frame, changedRows: Range<Int>) {
    guard isActive else { return }
    drawn.removeAll(keepingCapacity: true)
    renderer.render(frame, changedRows: changedRows, into: &drawn)
    if !drawn.isEmpty { output.write(drawn) }
  }

  /// Forces the next ``draw(_:changedRows:)`` to redraw everything.
  func invalidate() {
    renderer.invalidate()
  }

  /// Re-reads the size from the terminal (after a resume, when SIGWINCH may have been missed).
  func refreshSize() {
    size = sizeSource() ?? size
  }
}
