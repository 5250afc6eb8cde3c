import FrontEndKit
import JSONLines

/// Writes the protocol's output events, one JSON object per line, numbering them with `seq`
/// from 1, and hands each line to the output unbuffered as soon as it is complete.
///
/// ```swift
/// var events = EventWriter(output: .standardOutput())
/// events.hello()  // {"type":"hello","seq":1,"protocol":"tictactoe-jsonl","version":1}
/// ```
struct EventWriter {
  /// The protocol's name in the `hello` event.
  static let protocolName = "tictactoe-jsonl"
  /// The protocol's version in the `hello` event.
  static let protocolVersion = 1

  private let output: OutputStream
  private var seq = 0
  private var json = JSONWriter(capacity: 1024)

  /// Writes events to `output`.
  init(output: OutputStream) {
    self.output = output
  }

  /// Whether the output failed: what is written now is dropped.
  var hasFailed: Bool { output.hasFailed }

  /// `{"type":"hello","seq":1,"protocol":"tictactoe-jsonl","version":1}`, with
  /// `"remote":true` on a connection to the host's socket, and `"listening":PATH` where the
  /// host listens (`--listen`), so a tool learns the socket from its first line.
  mutating func hello(isRemote: Bool, listeningPath: String?) {
    begin(.hello)
    json.key("protocol")
    json.string(Self.protocolName)
    json.key("version")
    json.number(Self.protocolVersion)
    if isRemote {
      json.key("remote")
      json.bool(true)
    }
    if let listeningPath {
      json.key("listening")
      json.string(listeningPath)
    }
    finish()
  }

  /// `{"type":"state","seq":2,"state":{...}}` with `state`, the state object encoded once for
  /// every instance (see ``SharedState``); returns its `seq`.
  @discardableResult
  mutating func state(_ state: [UInt8]) -> Int {
    begin(.state)
    json.rawKey(Self.stateKey)
    json.rawValue(state)
    finish()
    return seq
  }

  /// `"state"`, the key of a `state` event's object, quoted once.
  private static let stateKey = JSONWriter.quoted("state")

  /// `{"type":"replay","seq":4,"step":3,"length":12,"over":false}`: how far the replay that
  /// drives the game has come; `"over":true` once its last line is replayed.
  mutating func replay(_ replay: ReplayStatus) {
    begin(.replay)
    json.key("step")
    json.number(Int(clamping: replay.step))
    json.key("length")
    json.number(Int(clamping: replay.length))
    json.key("over")
    json.bool(replay.isOver)
    finish()
  }

  /// `{"type":"history","seq":9,"states":[{"seq":2,"screen":"login"},...]}`: the kept
  /// `state` events, oldest first.
  mutating func history(_ states: some Sequence<StateEventHistory.Entry>) {
    begin(.history)
    json.key("states")
    json.beginArray()
    for entry in states {
      json.beginObject()
      json.key("seq")
      json.number(entry.seq)
      json.key("screen")
      json.string(entry.screen)
      json.endObject()
    }
    json.endArray()
    finish()
  }

  /// `{"type":"action","seq":3,"action":"newGame.game.cellTapped","origin":"frontend",
  /// "payload":{"row":0,"column":2}}`, with `error` for a failed response: the members that
  /// name the action are encoded once for every instance (see ``SharedAction``), and the
  /// payload, JSON the host made, is written as it is.
  mutating func action(_ casePath: String, fromEffect: Bool, error: String?, payload: String?) {
    begin(.action)
    json.rawMembers(SharedAction.members(casePath: casePath, fromEffect: fromEffect, error: error))
    if var payload {
      json.rawKey(Self.payloadKey)
      payload.withUTF8 { json.rawValue(UnsafeRawBufferPointer($0)) }
    }
    finish()
  }

  /// `"payload"`, the key of an `action` event's payload, quoted once.
  private static let payloadKey = JSONWriter.quoted("payload")

  /// `{"type":"error","seq":4,"message":"...","line":7,"id":"a"}`; `line` and `id` when known.
  mutating func error(_ message: String, line: Int?, id: JSONValue?) {
    begin(.error)
    json.key("message")
    json.string(message)
    if let line {
      json.key("line")
      json.number(line)
    }
    if let id {
      json.key("id")
      json.value(id)
    }
    finish()
  }

  /// An event's type, with the start of its line encoded once: every instance writes an
  /// `action` and a `state` event for every action, and a socket client's are written again
  /// for each client.
  private enum EventType {
    case hello, state, replay, history, action, error

    /// `{"type":"state","seq":` for `.state`: the object opened, its first member, and the
    /// key of its second.
    var start: [UInt8] {
      switch self {
      case .hello: Self.starts.hello
      case .state: Self.starts.state
      case .replay: Self.starts.replay
      case .history: Self.starts.history
      case .action: Self.starts.action
      case .error: Self.starts.error
      }
    }

    private static let starts = (
      hello: start("hello"), state: start("state"), replay: start("replay"),
      history: start("history"), action: start("action"), error: start("error")
    )

    private static func start(_ type: String) -> [UInt8] {
      var json = JSONWriter()
      json.beginObject()
      json.key("type")
      json.string(type)
      json.key("seq")
      return json.bytes
    }
  }

  private mutating func begin(_ type: EventType) {
    seq += 1
    json.reset()
    // The start ends with a key: the number follows it without a comma.
    json.appendRaw(contentsOf: type.start)
    json.number(seq)
  }

  private mutating func finish() {
    json.endObject()
    json.appendRaw(UInt8(ascii: "\n"))
    json.bytes.withUnsafeBytes { output.write($0) }
  }
}
