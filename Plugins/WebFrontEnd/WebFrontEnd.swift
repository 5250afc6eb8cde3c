import FrontEndKit
import TicTacToeFrontEndABI
import WebRequestRules

/// The `web` front end: the game in a browser, next to the terminal or instead of it.
///
/// It serves one page over HTTP (``WebServer``, on MHD's own thread) at the address of its
/// argument, `127.0.0.1` and a free port by default, and gives the page's URL, with the run's
/// token, as a notice (ABI 1.4): on the host's standard error and in the terminal owner's
/// status line. Every state reaches the page as one Server-Sent
/// Event; the page's intents come back as POSTs, which the store thread sends
/// (`run_on_store_thread`, ABI 1.3) so that a refusal carries the host's reason.
///
/// As the terminal owner (`:frontend web`) it tells the terminal where the game went and
/// takes the commands that bring it back (`:frontend text`) or quit.
final class WebFrontEnd: FrontEnd, ChangeObserving {
  private let host: HostConnection
  private let server: WebServer
  private let daemon: WebServer.Daemon
  private let runner: IntentRunner
  private let snapshot: StateSnapshot
  private var subscription: UInt64 = 0
  /// The terminal, when it owns it.
  private let terminal: OutputStream?
  private var lines = LineFramer(maximumLength: 4096)
  /// It asked to switch or quit: it handles no more input.
  private var hasLeft = false

  init(host: HostConnection, info: AttachInfo) throws(FrontEndError) {
    self.host = host
    snapshot = StateSnapshot(host)
    guard StoreThreadPoster.isAvailable(in: host.api) else {
      throw FrontEndError("web needs a host with ABI 1.3 run_on_store_thread")
    }
    let address: ListenAddress
    do {
      address = try ListenAddress(info.argument)
    } catch {
      throw FrontEndError(error.message)
    }
    let token = AccessToken.random()
    terminal = info.ownsTerminal ? try OutputStream.terminal(host) : nil
    let (descriptor, port) = try ListeningSocket.open(address)
    let relay = IntentRelay()
    runner = IntentRunner(host: host, relay: relay)
    server = WebServer(
      rules: RequestRules(token: token), catalog: IntentCatalog(host.actions()), relay: relay,
      poster: StoreThreadPoster(
        api: host.api, host: host.host, callback: IntentRunner.callback,
        context: Unmanaged.passUnretained(runner).toOpaque()))
    daemon = try server.start(listeningOn: descriptor)
    subscription = host.subscribe(self)
    stateDidChange()
    var bound = address
    bound.port = port
    let url = "http://\(bound.authority)/?token=\(token.text)"
    // The one place the token is written: the user needs it to open the page. A notice goes
    // on standard error and to the terminal owner's status line (ABI 1.4), and nowhere else.
    let line = "open \(url) in a browser"
    if !host.notice(line) { host.log(TTT_LOG_INFO, line) }
    terminal?.write(TerminalNotice.text(url: url))
  }

  func detach() {
    server.relay.stop(WebServer.stopped)
    server.broadcast.stop()
    daemon.stop()
    host.unsubscribe(subscription)
  }

  func stateDidChange() {
    server.broadcast.publish(snapshot.encode(host))
  }

  /// As the terminal owner: one command per line, to bring the game back or quit.
  func input(_ bytes: UnsafeBufferPointer<UInt8>, flags: InputFlags) -> Int {
    var consumed = 0
    while !hasLeft,
      let (line, end) = lines.next(in: bytes, from: consumed, isEnd: flags.contains(.end))
    {
      consumed = end
      guard case .text(let text, _) = line else { continue }
      handle(String(decoding: text, as: UTF8.self))
    }
    return hasLeft ? consumed : bytes.count
  }

  private func handle(_ line: String) {
    let words = line.split(separator: " ", maxSplits: 1).map(String.init)
    guard let command = words.first else { return }
    let argument = words.count > 1 ? words[1].trimmingSpaces : ""
    let request: ttt_request
    switch command {
    case ":frontend", ":frontend!": request = TTT_REQUEST_SWITCH
    case ":attach": request = TTT_REQUEST_ATTACH
    case ":detach": request = TTT_REQUEST_DETACH
    case ":quit", ":q", ":quit!", ":q!":
      if !command.hasSuffix("!"),
        let warning = QuitWarning.before(
          quittingOn: host.screen(), force: ":quit!", leave: "the page's Quit")
      {
        terminal?.write("! \(warning)\n")
        return
      }
      hasLeft = host.request(TTT_REQUEST_QUIT) == nil
      return
    default:
      terminal?.write(TerminalNotice.commands)
      return
    }
    guard !argument.isEmpty else {
      terminal?.write("! \(command) needs a front end, e.g. \(command) text\n")
      return
    }
    if let error = host.request(request, argument) {
      terminal?.write("! \(error)\n")
    } else if request == TTT_REQUEST_SWITCH {
      hasLeft = true
    }
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
