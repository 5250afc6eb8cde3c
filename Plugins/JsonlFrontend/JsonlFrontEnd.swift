import FrontendKit
import JSONLines
import TicTacToeFrontendABI

/// The `jsonl` front end: the JSON-lines protocol of `JSONL.md`.
///
/// It reads one JSON object per input line (an action to send or a command) and writes one event
/// per output line: `hello` and `state` on attach, then an `action` event for every action the
/// store processes and a `state` event after every one that changed the state, plus `error`
/// events for rejected input. Output goes to standard output, or to the file given as its
/// argument (`--frontend jsonl:PATH`), which is how it observes while another front end owns the
/// terminal.
///
/// `settle` holds back the lines already received until the host reports that effects finished;
/// `quit` asks the host to settle and exit, and ignores the rest of the input.
final class JsonlFrontEnd: FrontEnd, ChangeObserving, ActionObserving {
  /// Where a settle was asked for, to attribute its timeout.
  private struct PendingSettle {
    let line: Int
    let id: JSONValue?
  }

  private let host: HostConnection
  private let actions: ActionDirectory
  private var events: EventWriter
  private let parser = JSONParser()
  private var framer = LineFramer()
  /// Lines received and not processed yet, from `nextLine` on.
  private var lines: [LineFramer.Line] = []
  private var nextLine = 0
  private var pendingSettle: PendingSettle?
  private var hasQuit = false
  private var isProcessing = false
  private var subscriptions: [UInt64] = []

  init(host: HostConnection, info: AttachInfo) throws(FrontEndError) {
    guard host.supportsReflection else {
      throw FrontEndError("jsonl needs a host with ABI 1.1 reflection")
    }
    self.host = host
    actions = ActionDirectory(host: host)
    if let path = info.argument, !path.isEmpty {
      events = EventWriter(output: try .file(path))
    } else if info.ownsTerminal {
      events = EventWriter(output: .standardOutput())
    } else {
      throw FrontEndError("as an observer, jsonl needs an output file: --frontend jsonl:PATH")
    }
    events.hello()
    events.state(host)
    subscriptions = [host.observeActions(self), host.subscribe(self)]
  }

  func detach() {
    subscriptions.forEach(host.unsubscribe)
    subscriptions = []
  }

  // MARK: Store notifications

  func storeDidProcess(casePath: String, fromEffect: Bool, error: String?) {
    events.action(casePath, fromEffect: fromEffect, error: error)
  }

  func stateDidChange() {
    events.state(host)
  }

  // MARK: Input

  func input(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard !hasQuit else { return }
    framer.append(bytes, into: &lines)
    processLines()
  }

  func endOfInput() {
    guard !hasQuit else { return }
    framer.finish(into: &lines)
    processLines()
  }

  func settled(timedOut: Bool) {
    guard let settle = pendingSettle else { return }
    pendingSettle = nil
    if timedOut {
      events.error(
        "settle timed out: effects are still running (see --settle-timeout)", line: settle.line,
        id: settle.id)
    }
    processLines()
  }

  /// Processes the received lines in order until one asks to wait (settle) or to stop (quit).
  ///
  /// Not re-entrant: a callback arriving while a line is sent (the host may settle at once)
  /// only updates the flags this loop checks.
  private func processLines() {
    guard !isProcessing else { return }
    isProcessing = true
    defer { isProcessing = false }
    while pendingSettle == nil, !hasQuit, nextLine < lines.count {
      let line = lines[nextLine]
      nextLine += 1
      process(line)
    }
    if hasQuit || nextLine == lines.count {
      lines.removeAll(keepingCapacity: !hasQuit)
      nextLine = 0
    }
  }

  private func process(_ line: LineFramer.Line) {
    switch line {
    case .tooLong(let number):
      events.error(
        "line is longer than 1 MiB (\(LineFramer.maximumLength) bytes); ignored", line: number,
        id: nil)
    case .text(let bytes, let number):
      guard !bytes.allSatisfy(Self.isWhitespace) else { return }
      let value: JSONValue
      do {
        value = try parser.parse(bytes)
      } catch {
        return events.error(error.description, line: number, id: nil)
      }
      let request: Request
      do {
        request = try Request(decoding: value, actions: actions)
      } catch {
        return events.error(error.message, line: number, id: error.id)
      }
      perform(request, line: number)
    }
  }

  private func perform(_ request: Request, line: Int) {
    switch request.kind {
    case .action(let spec, let arguments):
      if let message = host.send(casePath: spec.path, arguments: arguments) {
        events.error(message, line: line, id: request.id)
      }
    case .command(.snapshot):
      events.state(host)
    case .command(.settle):
      pendingSettle = PendingSettle(line: line, id: request.id)
      if let message = host.request(TTT_REQUEST_SETTLE) {
        pendingSettle = nil
        events.error("cannot settle: \(message)", line: line, id: request.id)
      }
    case .command(.quit):
      if let message = host.request(TTT_REQUEST_QUIT) {
        events.error("cannot quit: \(message)", line: line, id: request.id)
      } else {
        hasQuit = true
      }
    }
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }
}
