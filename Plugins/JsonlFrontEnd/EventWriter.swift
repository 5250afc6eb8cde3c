import FrontEndKit
import JSONLines

/// Writes the protocol's output events, encoded by the JSON-lines module's
/// `JSONLinesEventEncoder` (the host reads them back with the same module), numbering them
/// with `seq` from 1, and hands each line to the output unbuffered as soon as it is complete.
///
/// ```swift
/// var events = EventWriter(output: .standardOutput())
/// events.hello()  // {"type":"hello","seq":1,"protocol":"tictactoe-jsonl","version":1}
/// ```
struct EventWriter {
  private let output: OutputStream
  private var seq = 0
  private var encoder = JSONLinesEventEncoder()

  /// Writes events to `output`.
  init(output: OutputStream) {
    self.output = output
  }

  /// Whether the output failed: what is written now is dropped.
  var hasFailed: Bool { output.hasFailed }

  /// The `hello` event, with `"remote":true` on a connection to the host's socket, and
  /// `"listening":PATH` where the host listens (`--listen`), so a tool learns the socket from
  /// its first line.
  mutating func hello(isRemote: Bool, listeningPath: String?) {
    seq += 1
    encoder.hello(seq: seq, isRemote: isRemote, listeningPath: listeningPath)
    write()
  }

  /// A `state` event with `state`, the state object encoded once for every instance (see
  /// ``SharedState``); returns its `seq`.
  @discardableResult
  mutating func state(_ state: UnsafeRawBufferPointer) -> Int {
    seq += 1
    encoder.state(seq: seq, stateUTF8: state)
    write()
    return seq
  }

  /// A `replay` event: how far the replay that drives the game has come.
  mutating func replay(_ replay: ReplayStatus) {
    seq += 1
    encoder.replay(
      seq: seq, step: Int(clamping: replay.step), length: Int(clamping: replay.length),
      isOver: replay.isOver)
    write()
  }

  /// A `history` event: the kept `state` events, oldest first.
  mutating func history(_ states: some Sequence<StateEventHistory.Entry>) {
    seq += 1
    encoder.history(seq: seq, states: states.lazy.map { (seq: $0.seq, screen: $0.screen) })
    write()
  }

  /// An `action` event: the members that name the action are encoded once for every
  /// instance (see ``SharedAction``), and the payload, JSON the host made, is written as it is.
  mutating func action(
    _ casePath: String, fromEffect: Bool, error: String?, payloadUTF8: UnsafeRawBufferPointer?
  ) {
    seq += 1
    encoder.action(
      seq: seq,
      naming: SharedAction.members(casePath: casePath, fromEffect: fromEffect, error: error),
      payloadUTF8: payloadUTF8)
    write()
  }

  /// An `error` event; `line` and `id` when known.
  mutating func error(_ message: String, line: Int?, id: JSONValue?) {
    seq += 1
    encoder.error(seq: seq, message: message, line: line, id: id)
    write()
  }

  private func write() {
    encoder.line.withUnsafeBytes { output.write($0) }
  }
}
