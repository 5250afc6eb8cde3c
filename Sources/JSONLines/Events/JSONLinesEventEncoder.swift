/// Encodes the events of the JSON-lines protocol (Documentation/JSONLines.md), one line each:
/// the one encoding of them, used by the `jsonl` front end to write them and by the host for
/// the event it writes itself (the `error` of a client it disconnects). ``JSONLinesEvent``
/// reads them back.
///
/// Every line is a JSON object that begins with `type` and `seq` (see
/// ``JSONLinesEventType/lineStart``) and ends with `\n`. The encoder reuses its buffer: a
/// line is read with ``line`` before the next one is encoded.
///
/// ```swift
/// var encoder = JSONLinesEventEncoder()
/// encoder.hello(seq: 1, isRemote: false, listeningPath: nil)
/// encoder.line  // {"type":"hello","seq":1,"protocol":"tictactoe-jsonl","version":1}\n
/// ```
public struct JSONLinesEventEncoder: Sendable {
  /// The protocol's name in the `hello` event.
  public static let protocolName = "tictactoe-jsonl"
  /// The protocol's version in the `hello` event.
  public static let protocolVersion = 1

  private var json: JSONWriter

  /// An encoder whose buffer holds `capacity` bytes before it grows.
  public init(capacity: Int = 1024) {
    json = JSONWriter(capacity: capacity)
  }

  /// The line encoded last, its `\n` included.
  public var line: [UInt8] { json.bytes }

  /// `{"type":"hello","seq":1,"protocol":"tictactoe-jsonl","version":1}`, with
  /// `"remote":true` on a connection to the host's socket, and `"listening":PATH` where the
  /// host listens (`--listen`).
  public mutating func hello(seq: Int, isRemote: Bool, listeningPath: String?) {
    begin(.hello, seq: seq)
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

  /// `{"type":"state","seq":2,"state":{...}}`, with `state` an encoded state object, written
  /// as it is (encoded once per change, and shared by every writer of the event).
  public mutating func state(seq: Int, state: [UInt8]) {
    state.withUnsafeBytes { self.state(seq: seq, stateUTF8: $0) }
  }

  /// ``state(seq:state:)`` with the state object as UTF-8 bytes, such as the host's own
  /// (ABI 1.6 `read_state_json`), written as they are without an array made of them.
  public mutating func state(seq: Int, stateUTF8: UnsafeRawBufferPointer) {
    begin(.state, seq: seq)
    json.rawKey(Self.stateKey)
    json.rawValue(stateUTF8)
    finish()
  }

  /// `{"type":"replay","seq":4,"step":3,"length":12,"over":false}`: how far the replay that
  /// drives the game has come; `"over":true` once its last line is replayed.
  public mutating func replay(seq: Int, step: Int, length: Int, isOver: Bool) {
    begin(.replay, seq: seq)
    json.key("step")
    json.number(step)
    json.key("length")
    json.number(length)
    json.key("over")
    json.bool(isOver)
    finish()
  }

  /// `{"type":"history","seq":9,"states":[{"seq":2,"screen":"login"},...]}`: the kept
  /// `state` events, oldest first.
  public mutating func history(seq: Int, states: some Sequence<(seq: Int, screen: String)>) {
    begin(.history, seq: seq)
    json.key("states")
    json.beginArray()
    for state in states {
      json.beginObject()
      json.key("seq")
      json.number(state.seq)
      json.key("screen")
      json.string(state.screen)
      json.endObject()
    }
    json.endArray()
    finish()
  }

  /// `{"type":"action","seq":3,"action":"newGame.game.cellTapped","origin":"frontend",
  /// "payload":{"row":0,"column":2}}`: `naming` the members that name the action, as
  /// ``actionNaming(casePath:fromEffect:error:into:)`` encoded them (once per kind of action,
  /// for every writer of the event), then `payload`, a JSON object, written as it is.
  public mutating func action(seq: Int, naming: [UInt8], payload: String?) {
    guard var payload else { return action(seq: seq, naming: naming, payloadUTF8: nil) }
    payload.withUTF8 { action(seq: seq, naming: naming, payloadUTF8: UnsafeRawBufferPointer($0)) }
  }

  /// ``action(seq:naming:payload:)`` with the payload as UTF-8 bytes, such as the host's own
  /// (`FrontEndKit`'s `RawActionObserving`), written as they are without a `String` made of them.
  public mutating func action(seq: Int, naming: [UInt8], payloadUTF8: UnsafeRawBufferPointer?) {
    begin(.action, seq: seq)
    json.rawMembers(naming)
    if let payloadUTF8 {
      json.rawKey(Self.payloadKey)
      json.rawValue(payloadUTF8)
    }
    finish()
  }

  /// The members of an `action` event that name the action, written into `writer`:
  /// `"action":"newGame.game.cellTapped","origin":"frontend"`, with `"origin":"effect"` for an
  /// action an effect sent, and `error` for a failed response.
  public static func actionNaming(
    casePath: String, fromEffect: Bool, error: String?, into writer: inout JSONWriter
  ) {
    writer.key("action")
    writer.string(casePath)
    writer.key("origin")
    writer.string(fromEffect ? "effect" : "frontend")
    if let error {
      writer.key("error")
      writer.string(error)
    }
  }

  /// `{"type":"error","seq":4,"message":"...","line":7,"id":"a"}`; `line` and `id` when known.
  public mutating func error(seq: Int, message: String, line: Int?, id: JSONValue?) {
    begin(.error, seq: seq)
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

  /// `"state"` and `"payload"`, quoted once.
  private static let stateKey = JSONWriter.quoted("state")
  private static let payloadKey = JSONWriter.quoted("payload")

  private mutating func begin(_ type: JSONLinesEventType, seq: Int) {
    json.reset()
    // The start ends with a key: the number follows it without a comma.
    json.appendRaw(contentsOf: type.lineStart)
    json.number(seq)
  }

  private mutating func finish() {
    json.endObject()
    json.appendRaw(UInt8(ascii: "\n"))
  }
}
