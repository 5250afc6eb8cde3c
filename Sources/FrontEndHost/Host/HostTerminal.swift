import HostIO
import TicTacToeFrontEndABI

/// The host's terminal as the person at it sees it: standard output, which the terminal
/// owners write to in turn; the diagnostics (standard error by default); the log lines held
/// back while a full-screen front end owns the terminal (they would be drawn over); and front
/// ends' notices for that person.
///
/// Its own type so that everything written for the person at the terminal goes one way. It
/// reads who owns the terminal from the ``AttachmentRegistry`` and calls front ends through
/// the ``StoreBridge``.
@MainActor
final class HostTerminal {
  /// Standard output: the terminal owners write to it in turn.
  let output: OutputSink
  /// Where diagnostics and front-end log lines go (standard error by default).
  var diagnostics: (String) -> Void = { Diagnostics.write($0) }
  /// Log lines kept while a full-screen front end owns the terminal.
  private var heldLogLines: [String] = []
  private let registry: AttachmentRegistry
  private let bridge: StoreBridge

  /// The output's backlog above which the host stops reading input (its own and its clients').
  static let backlogLimit = 1 << 20

  /// A terminal writing to `output`, holding log lines back while the terminal owner in
  /// `registry` is full-screen, and handing notices through `bridge`.
  init(output: OutputSink, registry: AttachmentRegistry, bridge: StoreBridge) {
    self.output = output
    self.registry = registry
    self.bridge = bridge
  }

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
    if registry.terminalOwner?.frontEnd.isFullScreen == true {
      heldLogLines.append(line)
      if heldLogLines.count > 1000 { heldLogLines.removeFirst(heldLogLines.count - 1000) }
    } else {
      diagnostics(line)
    }
  }

  /// Writes the log lines held back, now that no full-screen front end draws over them.
  func flushHeldLogLines() {
    let lines = heldLogLines
    heldLogLines = []
    lines.forEach(diagnostics)
  }

  /// A notice of `session` for the person at the terminal (`notice`, ABI 1.4): a log line, and
  /// the terminal owner's `on_notice` once the current call into a front end has returned.
  /// Nothing else sees it: it may carry a token (the `web` front end's URL).
  func notice(from session: AttachedFrontEnd, _ text: String) {
    session.lastNotice = text
    log(from: session, level: TTT_LOG_INFO.rawValue, message: text)
    if let owner = registry.terminalOwner { hand(text, from: session, to: owner) }
  }

  /// Hands a new terminal owner the last notice of every other attached front end: the URL of
  /// a `web` observer attached before `:frontend ansi`.
  func handNotices(to owner: AttachedFrontEnd) {
    for session in registry.attachedFrontEnds {
      if let text = session.lastNotice { hand(text, from: session, to: owner) }
    }
  }

  /// Calls `owner`'s `on_notice` with `text` from the store thread's queue, so never inside a
  /// call into a front end; not when `owner` gave the notice, or either one left meanwhile.
  private func hand(_ text: String, from session: AttachedFrontEnd, to owner: AttachedFrontEnd) {
    guard owner !== session, let onNotice = owner.frontEnd.onNotice else { return }
    StoreThreadQueue.shared.enqueue { [weak self] in
      guard let self, owner.isAttached, !owner.isDetaching, session.isAttached,
        !session.isDetaching
      else { return }
      owner.deliveredCallbacks += 1
      bridge.callingFrontEnd("notice", owner) {
        session.name.withCString { from in
          text.withCString { text in onNotice(owner.instance, from, text) }
        }
      }
    }
  }
}
