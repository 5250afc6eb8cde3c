import FrontEndKit
import JSONLines
import TicTacToeFrontEndABI

/// The `jsonl` front end: the JSON-lines protocol of `JSONL.md`.
///
/// It reads one JSON object per input line (an action to send or a command) and writes one event
/// per output line: `hello` and `state` on attach, then an `action` event for every action the
/// store processes and a `state` event after every one that changed the state, plus `error`
/// events for rejected input. Output goes to standard output, or to the file given as its
/// argument (`--frontend jsonl:PATH`), which is how it observes while another front end owns the
/// terminal.
///
/// It consumes whole lines only (the host keeps a partial line, and the lines after a `settle`,
/// and hands them again). `settle` stops at its line until the host reports that effects
/// finished; `quit` asks the host to settle and exit, and consumes nothing after it.
final class JsonlFrontEnd: FrontEnd, ChangeObserving, RawActionObserving {
  /// Where a settle was asked for, to attribute its timeout.
  private struct PendingSettle {
    let line: Int
    let id: JSONValue?
  }

  private let host: HostConnection
  private let actions: ActionDirectory
  // No exclusivity check on every event: the host calls no callback of this front end while
  // it writes (it holds them until the outermost call into a front end has returned), and
  // every access is made here.
  @exclusivity(unchecked) private var events: EventWriter
  private let parser = JSONParser()
  // No exclusivity check on every line either: only ``input(_:flags:)`` reaches these two,
  // and the host calls no callback of this front end during its send (see ``events``).
  /// The fast path of an action line; the rest goes through ``Request``.
  @exclusivity(unchecked) private var actionLine = ActionLine()
  @exclusivity(unchecked) private var framer = LineFramer(
    maximumLength: JsonlFrontEnd.maximumLineLength)
  private var pendingSettle: PendingSettle?
  /// It asked to quit or to switch: it consumes no more input.
  private var hasLeft = false
  private var subscriptions: [UInt64] = []
  // No exclusivity check on every state event (see ``events``).
  @exclusivity(unchecked) private var history = StateEventHistory()
  /// It asked for a rewind in this call: it consumes nothing more until handed input again.
  private var isRewinding = false
  /// The host took an action it sent in this call: it consumes nothing more until handed
  /// input again, after the action's events.
  private var hasSent = false
  /// The replay's progress in the last `replay` event, during `tictactoe replay`.
  private var lastReplay: ReplayStatus?
  /// The revision of the last state written: a replay's step that changed nothing notifies
  /// with the same one, and writes no `state` event.
  private var lastRevision: UInt64 = 0

  /// The longest line accepted, in bytes, without its terminator: 1 MiB.
  static let maximumLineLength = 1 << 20

  init(host: HostConnection, info: AttachInfo) throws(FrontEndError) {
    guard host.supportsReflection else {
      throw FrontEndError("jsonl needs a host with ABI 1.1 reflection")
    }
    self.host = host
    actions = ActionDirectory(host: host)
    if let path = info.argument, !path.isEmpty {
      events = EventWriter(output: try .file(path, host))
    } else if info.ownsTerminal {
      events = EventWriter(output: try .terminal(host))
    } else {
      throw FrontEndError("as an observer, jsonl needs an output file: --frontend jsonl:PATH")
    }
    // A client of the socket knows where it is already.
    events.hello(
      isRemote: info.connection != nil,
      listeningPath: info.connection == nil ? info.listeningPath : nil)
    writeState()
    writeReplayProgress(host.replay())
    subscriptions = [host.observeRawActions(self), host.subscribe(self)]
  }

  func detach() {
    subscriptions.forEach(host.unsubscribe)
    subscriptions = []
  }

  // MARK: Store notifications

  func storeDidProcess(
    casePath: String, fromEffect: Bool, error: String?, payloadUTF8: UnsafeRawBufferPointer?
  ) {
    // The payload goes out as the host's bytes: no `String` of it per action.
    events.action(casePath, fromEffect: fromEffect, error: error, payloadUTF8: payloadUTF8)
  }

  func stateDidChange() {
    // One read serves the whole change: nothing here changes the state.
    SharedState.withCurrent(host) { state in
      // During a replay, a step that changed nothing only moves the progress on.
      let isProgressOnly =
        state.replay != lastReplay && state.revision == lastRevision
      if !isProgressOnly { write(state) }
      writeReplayProgress(state.replay)
    }
  }

  /// Writes a `state` event of the state the host holds now.
  private func writeState() {
    SharedState.withCurrent(host, write)
  }

  /// Writes `state` as a `state` event, and notes it in the history.
  private func write(_ state: SharedState.Encoded) {
    let seq = events.state(state.json)
    history.record(
      StateEventHistory.Entry(seq: seq, revision: state.revision, screen: state.screen))
    lastRevision = state.revision
  }

  /// A `replay` event when the replay's progress, `replay`, moved on since the last one.
  private func writeReplayProgress(_ replay: ReplayStatus?) {
    guard replay != lastReplay, let replay else { return }
    lastReplay = replay
    events.replay(replay)
  }

  // MARK: Input

  /// Processes whole lines in order until one asks to wait (settle) or to stop (quit), or one
  /// sent an action; the host keeps the rest.
  func input(_ bytes: UnsafeBufferPointer<UInt8>, flags: InputFlags) -> Int {
    var consumed = 0
    isRewinding = false
    hasSent = false
    // After a rewind, the lines after it wait for it: the host hands them again once done.
    // After an action the host took, too: its `action` and `state` events come once this call
    // has returned, before the next line's. A failed output (its reader left) ends the host:
    // no need to go on with the lines.
    while pendingSettle == nil, !hasLeft, !isRewinding, !hasSent, !events.hasFailed,
      let (line, end) = framer.nextSpan(in: bytes, from: consumed, isEnd: flags.contains(.end))
    {
      consumed = end
      process(line, in: bytes)
    }
    return consumed
  }

  /// A settle finished; also called when the settle before quitting timed out.
  func settled(timedOut: Bool) {
    guard let settle = pendingSettle else {
      if timedOut {
        events.error(
          "effects were still running at the settle timeout when the host quit (see "
            + "--settle-timeout); they were abandoned", line: nil, id: nil)
      }
      return
    }
    pendingSettle = nil
    if timedOut {
      events.error(
        "settle timed out: effects are still running (see --settle-timeout)", line: settle.line,
        id: redacted(settle.id))
    }
  }

  private func process(_ line: LineFramer.Span, in input: UnsafeBufferPointer<UInt8>) {
    switch line {
    case .tooLong(let number):
      events.error(
        "line is longer than 1 MiB (\(Self.maximumLineLength) bytes); ignored", line: number,
        id: nil)
    case .skipped:
      return
    case .text(let range, let number):
      var bytes = UnsafeBufferPointer(rebasing: input[range])
      // A byte-order mark (an editor's UTF-8 file starts with one) is not part of the JSON.
      if bytes.starts(with: Self.byteOrderMark) {
        bytes = UnsafeBufferPointer(rebasing: bytes.dropFirst(Self.byteOrderMark.count))
      }
      guard !bytes.allSatisfy(Self.isWhitespace) else { return }
      switch actionLine.send(bytes, actions: actions, host: host) {
      case .sent?:
        hasSent = true
        return
      case .refused(let message, let id)?:
        return events.error(message, line: number, id: redacted(id))
      case nil:
        break
      }
      let value: JSONValue
      do {
        value = try parser.parse(bytes)
      } catch {
        return events.error(error.description, line: number, id: nil)
      }
      let request: Request
      do {
        request = try Request(decoding: value, actions: actions, redact: host.redact)
      } catch {
        return events.error(error.message, line: number, id: redacted(error.id))
      }
      perform(request, line: number)
    }
  }

  private func perform(_ request: Request, line: Int) {
    switch request.kind {
    case .action(let spec, let arguments):
      if let message = host.send(casePath: spec.path, arguments: arguments) {
        events.error(message, line: line, id: redacted(request.id))
      } else {
        hasSent = true
      }
    case .command(.snapshot, _):
      writeState()
    case .command(.history, _):
      events.history(history.entries)
    case .rewind(let seq):
      let message: String?
      switch history.revision(ofSeq: seq) {
      case .success(let revision): message = host.request(TTT_REQUEST_REWIND, "\(revision)")
      case .failure(let error): message = error.description
      }
      if let message {
        events.error("cannot rewind: \(message)", line: line, id: redacted(request.id))
      } else {
        isRewinding = true
      }
    case .command(.settle, _):
      pendingSettle = PendingSettle(line: line, id: request.id)
      if let message = host.request(TTT_REQUEST_SETTLE) {
        pendingSettle = nil
        events.error("cannot settle: \(message)", line: line, id: redacted(request.id))
      }
    case .command(.quit, _):
      if let message = host.request(TTT_REQUEST_QUIT) {
        events.error("cannot quit: \(message)", line: line, id: redacted(request.id))
      } else {
        hasLeft = true
      }
    case .command(let command, let name):
      let kind: ttt_request =
        command == .frontend
        ? TTT_REQUEST_SWITCH : command == .attach ? TTT_REQUEST_ATTACH : TTT_REQUEST_DETACH
      if let message = host.request(kind, name ?? "") {
        let what = command == .frontend ? "switch front end" : command.rawValue
        events.error("cannot \(what): \(message)", line: line, id: redacted(request.id))
      } else if command == .frontend {
        // Detached next: the lines after this one go to the new terminal owner.
        hasLeft = true
      }
    }
  }

  /// UTF-8's byte-order mark, U+FEFF.
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// A line's `id` as its error echoes it: a string (or a number) that contains a secret the
  /// app holds now comes back as a string with the secret replaced by `***`.
  private func redacted(_ id: JSONValue?) -> JSONValue? {
    guard let id, let text = id.string ?? id.number?.text else { return id }
    let redacted = host.redact(text)
    return redacted == text ? id : .string(redacted)
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }
}
