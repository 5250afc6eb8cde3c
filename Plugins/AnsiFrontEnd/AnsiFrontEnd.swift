import FrontEndKit
import TerminalUI
import TicTacToeFrontEndABI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The `ansi` front end: a full-screen terminal interface.
///
/// It takes the terminal over on attach (raw mode, alternate screen, hidden cursor) and gives it
/// back exactly as it was on detach and while suspended. Every state change redraws the screen
/// through a frame diff, so a move writes a few dozen bytes. Keys are decoded from the bytes the
/// host hands over; everything the screen shows is read from the host, never re-derived.
///
/// A key flows one way: it is read against the screen of the last change, its intents go to
/// the host, and the change they make comes back once the input call has returned, read and
/// drawn once. A refusal is the host's (`last_error`), shown in the status line.
///
/// As an observer (`--frontend ansi:PATH`) it draws the same screens into PATH — another
/// terminal such as `/dev/pts/3`, or a file — without taking any input or changing any mode.
final class AnsiFrontEnd: FrontEnd, ChangeObserving {
  private let host: HostConnection
  private let terminal: TerminalSession
  @exclusivity(unchecked) private var interface = InterfaceState()
  // No exclusivity check (here, on `interface` and on `composer`): read or set on every change,
  // on the store thread only, and nothing the front end calls while one is accessed calls it
  // back.
  /// The screen as the last change left it: keys are read against it, and it is drawn.
  @exclusivity(unchecked) private var screen = Screen.login(LoginScreen())
  /// The revision `screen` was read at (0 from a host older than ABI 1.2).
  private var screenRevision: UInt64 = 0
  /// The board cursor as the host last kept it.
  private var keptBoardCursor: BoardCursor?
  private var subscription: UInt64 = 0
  /// The frame drawn last, recomposed only where a change differs.
  @exclusivity(unchecked) private var composer = ScreenComposer()
  /// Moves the activity indicator on while a request is in flight.
  private let spinnerAnimation = SpinnerAnimation()
  /// Ctrl-C, which raises SIGINT even while keys wait for a larger terminal.
  private static let interruptByte: UInt8 = 0x03
  /// Ctrl-\, which raises SIGQUIT even while keys wait for a larger terminal.
  private static let quitByte: UInt8 = 0x1C

  init(host: HostConnection, info: AttachInfo) throws(FrontEndError) {
    guard info.ownsTerminal else {
      guard let path = info.argument, !path.isEmpty else {
        throw FrontEndError(
          "as an observer, ansi needs a terminal or file to draw into: --frontend ansi:PATH")
      }
      let output = try OutputStream.file(path, host)
      self.host = host
      terminal = TerminalSession(
        colors: ColorPolicy.colorsEnabled(), output: output, controlsMode: false,
        sizeSource: { Self.size(ofTerminalAt: path) })
      try? terminal.takeOver()
      subscription = host.subscribe(self)
      readScreen()
      render()
      return
    }
    guard RawMode.isTerminal(0), RawMode.isTerminal(1) else {
      throw FrontEndError(
        "ansi needs a terminal on standard input and output; for pipes use text or jsonl")
    }
    if let term = getenv("TERM").map({ String(cString: $0) }), term == "dumb" {
      throw FrontEndError(
        "ansi draws a full screen, which a terminal with TERM=dumb cannot show; use text")
    }
    self.host = host
    terminal = TerminalSession(
      colors: ColorPolicy.colorsEnabled(), output: try .terminal(host), controlsMode: true,
      sizeSource: { TerminalSize.of(descriptor: 1) })
    do {
      try terminal.takeOver()
    } catch {
      terminal.release()
      throw FrontEndError("ansi cannot take over the terminal: \(error)")
    }
    // The host's own line saying where it listens is under the full screen until it ends.
    interface.listeningPath = info.listeningPath
    interface.message = interface.listeningMessage
    restoreBoardCursor()
    subscription = host.subscribe(self)
    render()
  }

  /// Reads the screen, and the replay's progress, from one read of the root.
  private func readScreen() {
    let root = host.rootState()
    screen = host.screen(in: root)
    screenRevision = root.revision
    interface.replay = host.replay(in: root)
    interface.follow(screen)
  }

  /// Puts the board cursor where the last `ansi` left it: the host keeps it (a note), so a
  /// switch to another front end and back, or to a new `ansi`, does not move it.
  private func restoreBoardCursor() {
    readScreen()
    if let kept = host.note(BoardCursor.noteKey).flatMap(BoardCursor.init(note:)) {
      interface.boardCursor = kept
    }
    keptBoardCursor = interface.boardCursor
  }

  /// Gives the host the board cursor when it moved.
  private func keepBoardCursor() {
    guard interface.boardCursor != keptBoardCursor else { return }
    keptBoardCursor = interface.boardCursor
    host.keepNote(interface.boardCursor.note, under: BoardCursor.noteKey)
  }

  func detach() {
    spinnerAnimation.stop()
    host.unsubscribe(subscription)
    terminal.release()
  }

  /// Another front end's notice (where `web` serves the game) in the status line, until the
  /// next key.
  func notice(_ text: String, from: String) {
    interface.message = "\(from): \(text)"
    render()
  }

  func stateDidChange() {
    readScreen()
    render()
  }

  /// Decodes and handles the keys in `bytes`. An incomplete escape sequence at the end is left
  /// to the host, which hands it again with what follows, or alone with `.idle` when nothing
  /// followed within 25 ms: then a lone ESC is the Escape key.
  ///
  /// While the terminal is too small to show the screen, keys wait: nothing is consumed, and
  /// the host hands the bytes again once a resize makes the screen visible, so no key acts on
  /// a board the player cannot see. Ctrl-C and Ctrl-\ still raise their signals.
  func input(_ bytes: UnsafeBufferPointer<UInt8>, flags: InputFlags) -> Int {
    guard ScreenComposer.fits(terminal.size) else {
      if bytes.contains(Self.interruptByte) {
        raise(SIGINT)
      } else if bytes.contains(Self.quitByte) {
        raise(SIGQUIT)
      }
      return 0
    }
    var decoder = InputDecoder()
    var keys = decoder.decode(bytes)
    var consumed = bytes.count - decoder.pendingByteCount
    if decoder.hasPendingBytes, !flags.isDisjoint(with: [.idle, .end]) {
      keys += decoder.flush()
      consumed = bytes.count
    }
    guard !keys.isEmpty else { return consumed }
    // Each key is handled against the screen of the last change; a key after one the host
    // took (in the same input) against the state as its predecessors left it (the host applies
    // a send at once): Enter after typing a password sees the form valid. Only appends wait
    // for the next key that is not a character, so typed or pasted text becomes one edit.
    let revision = screenRevision
    var isAnyTaken = false
    var isScreenStale = false
    var appends: [Intent] = []
    for key in keys {
      if !key.isCharacter {
        isScreenStale = perform(appends) || isScreenStale
        appends = []
      }
      if isScreenStale {
        readScreen()
        isAnyTaken = true
        isScreenStale = false
      }
      // Only the command line's messages quote what was typed (":frontend NAME"), and only
      // through `redact`; the others are the front end's and the host's own words.
      let intents = interface.handle(key, on: screen, quoting: host.redact)
      if intents.allSatisfy(\.isAppend) {
        for intent in intents { appends.add(intent) }
      } else {
        isScreenStale = perform(appends + intents) || isScreenStale
        appends = []
      }
    }
    isAnyTaken = perform(appends) || isScreenStale || isAnyTaken
    keepBoardCursor()
    // What the host took changed the state: the change comes once this call has returned,
    // and draws the screen then, once. Otherwise (nothing taken, all refused, or nothing
    // changed) the keys changed only what this front end shows.
    if isAnyTaken, host.revision() != revision { return consumed }
    render()
    return consumed
  }

  func resize(columns: Int, rows: Int) {
    terminal.size = TerminalSize(columns: columns, rows: rows)
    terminal.invalidate()
    render()
  }

  func suspend(resumed: Bool) {
    if resumed {
      terminal.refreshSize()
      do {
        try terminal.takeOver()
      } catch {
        host.log(TTT_LOG_ERROR, "cannot take the terminal back: \(error)")
      }
      render()
    } else {
      terminal.release()
    }
  }

  /// The size of the terminal an observer draws into, if `path` is one: asked of a descriptor
  /// of its own that is never read or written.
  private static func size(ofTerminalAt path: String) -> TerminalSize? {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFCHR else { return nil }
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    return TerminalSize.of(descriptor: descriptor)
  }

  /// Draws the screen of the last change: only the lines that changed are composed again, and
  /// only the cells that changed reach the terminal.
  private func render() {
    guard terminal.isActive else {
      spinnerAnimation.stop()
      return
    }
    animateSpinner(while: screen.isActivityIndicatorVisible)
    composer.compose(screen, interface: interface, size: terminal.size)
    let changedRows = composer.takeChangedRows()
    terminal.draw(composer.frame, changedRows: changedRows)
  }

  /// Ticks the spinner while `isVisible`; each tick redraws only the spinner's cell.
  private func animateSpinner(while isVisible: Bool) {
    if isVisible {
      let frontEnd = UncheckedFrontEnd(self)
      spinnerAnimation.start {
        frontEnd.value.interface.spinner.advance()
        frontEnd.value.render()
      }
    } else if spinnerAnimation.stop() {
      interface.spinner = Spinner()
    }
  }

  /// Asks the host for what the keys meant; a refusal becomes the status-line message. Returns
  /// whether the host took any of them (then the state may have changed).
  private func perform(_ intents: [Intent]) -> Bool {
    var isAnyTaken = false
    for intent in intents {
      let error: String?
      switch intent {
      case .send(let tag, let row, let column):
        error = host.send(tag, row: row, column: column)
      case .edit(let field, let edit, let text):
        error = host.edit(field, edit, text: text)
      case .replace(let field, let text):
        error = host.send(field.setter, text: text)
      case .request(let request, let argument):
        error = host.request(request, argument)
      case .raiseSignal(let signal):
        error = nil
        raise(signal)
      }
      if let error {
        interface.message = error
      } else {
        isAnyTaken = true
      }
    }
    return isAnyTaken
  }
}

/// The front end, handed to its ticker's action: both live on the main actor, the host's
/// store thread, which is the only place either is used.
private struct UncheckedFrontEnd: @unchecked Sendable {
  let value: AnsiFrontEnd
  init(_ value: AnsiFrontEnd) { self.value = value }
}
