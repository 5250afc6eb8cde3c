import FrontendKit
import TerminalUI
import TicTacToeFrontendABI

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
/// As an observer (`--frontend ansi:PATH`) it draws the same screens into PATH — another
/// terminal such as `/dev/pts/3`, or a file — without taking any input or changing any mode.
final class AnsiFrontEnd: FrontEnd, ChangeObserving {
  private let host: HostConnection
  private let terminal: TerminalSession
  private var decoder = InputDecoder()
  private var interface = InterfaceState()
  private var subscription: UInt64 = 0
  /// The file an observer draws into, closed on detach.
  private var observerDescriptor: Int32?
  /// How long a lone escape byte waits for the rest of a sequence before it is the Escape key.
  private static let escapeDelayMilliseconds: Int32 = 25

  init(host: HostConnection, info: AttachInfo) throws(FrontEndError) {
    guard info.ownsTerminal else {
      guard let path = info.argument, !path.isEmpty else {
        throw FrontEndError(
          "as an observer, ansi needs a terminal or file to draw into: --frontend ansi:PATH")
      }
      let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOCTTY, 0o644)
      guard descriptor >= 0 else {
        throw FrontEndError("ansi cannot open \(path): \(String(cString: strerror(errno)))")
      }
      self.host = host
      observerDescriptor = descriptor
      terminal = TerminalSession(
        colors: ColorPolicy.colorsEnabled(), descriptor: descriptor, controlsMode: false)
      try? terminal.takeOver()
      subscription = host.subscribe(self)
      render()
      return
    }
    guard RawMode.isTerminal(0), RawMode.isTerminal(1) else {
      throw FrontEndError(
        "ansi needs a terminal on standard input and output; for pipes use text or jsonl")
    }
    self.host = host
    terminal = TerminalSession(colors: ColorPolicy.colorsEnabled())
    do {
      try terminal.takeOver()
    } catch {
      terminal.release()
      throw FrontEndError("ansi cannot take over the terminal: \(error)")
    }
    subscription = host.subscribe(self)
    render()
  }

  func detach() {
    host.unsubscribe(subscription)
    terminal.release()
    if let observerDescriptor { close(observerDescriptor) }
  }

  func stateDidChange() {
    render()
  }

  func input(_ bytes: UnsafeBufferPointer<UInt8>) {
    var keys = decoder.decode(bytes)
    if decoder.hasPendingBytes,
      !InputReadiness.isReady(descriptor: 0, within: Self.escapeDelayMilliseconds)
    {
      keys += decoder.flush()
    }
    guard !keys.isEmpty else { return }
    // Each key is handled against the state as its predecessors left it (the host applies a
    // send at once): Enter after typing a password sees the form valid. Only appends wait for
    // the next key that is not a character, so typed or pasted text becomes one edit.
    var appends: [Intent] = []
    for key in keys {
      if !key.isCharacter {
        perform(appends)
        appends = []
      }
      let intents = interface.handle(key, on: host.screen())
      if intents.allSatisfy(\.isAppend) {
        for intent in intents { appends.add(intent) }
      } else {
        perform(appends + intents)
        appends = []
      }
    }
    perform(appends)
    render()
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

  /// Draws the current screen; only the cells that changed reach the terminal.
  private func render() {
    guard terminal.isActive else { return }
    let screen = host.screen()
    interface.follow(screen)
    terminal.draw(ScreenComposer.frame(for: screen, interface: interface, size: terminal.size))
  }

  /// Asks the host for what the keys meant; a refusal becomes the status-line message.
  private func perform(_ intents: [Intent]) {
    for intent in intents {
      let error: String?
      switch intent {
      case .send(let tag, let row, let column):
        error = host.send(tag, row: row, column: column)
      case .edit(let field, let edit, let text):
        error = host.edit(field, edit, text: text)
      case .request(let request, let argument):
        error = host.request(request, argument)
      case .suspendProcess:
        error = nil
        raise(SIGTSTP)
      }
      if let error { interface.message = error }
    }
  }
}
