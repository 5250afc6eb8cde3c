import TicTacToeFrontEndABI

/// Front ends' log lines and the host's own, held back while a full-screen front end owns the
/// terminal (they would be drawn over); front ends' notices for the person at the terminal; and
/// what the host's messages may quote of what was typed.
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

  /// A notice of `session` for the person at the terminal (`notice`, ABI 1.4): a log line, and
  /// the terminal owner's `on_notice` once the current call into a front end has returned.
  /// Nothing else sees it: it may carry a token (the `web` front end's URL).
  func notice(from session: AttachedFrontEnd, _ text: String) {
    session.lastNotice = text
    log(from: session, level: TTT_LOG_INFO.rawValue, message: text)
    if let owner = terminalOwner { hand(text, from: session, to: owner) }
  }

  /// Hands a new terminal owner the last notice of every other attached front end: the URL of
  /// a `web` observer attached before `:frontend ansi`.
  func handNotices(to owner: AttachedFrontEnd) {
    for session in attachedFrontEnds {
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

  func flushHeldLogLines() {
    let lines = heldLogLines
    heldLogLines = []
    lines.forEach(diagnostics)
  }

  /// `text`, a quote of what someone typed, or `***` in its place when it holds a secret the
  /// app holds now: for the host's messages that quote input, and `ttt_host_api.redact`. Any
  /// thread.
  nonisolated func redacted(_ text: String) -> String {
    bridge.redactor.redact(text)
  }

  /// `message`, which explains why the request argument `argument` failed, fit to show: as it
  /// is, or, when `argument` holds a secret, a message that repeats nothing of it. (The spec
  /// parser cuts an argument at its `:` and the loader makes a path absolute and canonical, so
  /// a message may quote a piece of the secret that looking for the whole secret would miss.)
  func describing(_ argument: String, _ message: String) -> String {
    describing(
      argument, message,
      otherwise: "what was given as the front end ('***') holds a secret, so it is not "
        + "repeated; no front end of that name or path can be used")
  }

  /// `message` about `input`, or `otherwise` when `input` holds a secret (see
  /// ``describing(_:_:)``). A message is never masked in place: what it quotes besides `input`
  /// is the host's own words, and masking those would spell a short secret by its gaps.
  nonisolated func describing(_ input: String, _ message: String, otherwise: String) -> String {
    redacted(input) == input ? message : otherwise
  }
}
