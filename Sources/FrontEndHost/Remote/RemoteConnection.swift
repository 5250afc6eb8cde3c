import HostIO
import JSONLines

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One client connected to the host's socket (`tictactoe --listen`): the terminal of the front
/// end attached for it (the JSON-lines one), with its own input and output.
///
/// Its input goes through an ``InputGate`` of its own, exactly as standard input goes to the
/// terminal owner: whole lines, held during its settle, read only while its output is not
/// backed up. Its output is bounded, so that a client that reads slowly or not at all never
/// stalls the host or the other clients:
///
/// - Events go straight to the socket while less than ``directBacklog`` waits unwritten
///   (bytes held for a save do not count: the client could not have read them).
/// - Past that they wait in a queue where a `state` event replaces the `state` event still
///   waiting (state events are whole snapshots): a lagging client skips intermediate states,
///   which shows as a gap in `seq`, and always gets the latest.
/// - Past ``waitingLimit`` bytes in the queue, the client counts as not reading: ``onStall`` is
///   told, and the connection gets an `error` event if its socket takes one whole line now.
///
/// The JSON-lines front end writes each event with one write, encoded by the JSON-lines
/// module's event codec, which also tells the type of an encoded line (a state event here)
/// and encodes the `error` event the host writes itself.
@MainActor
final class RemoteConnection {
  /// Its name in messages: "connection 3".
  let name: String
  /// The socket's output.
  let output: OutputSink
  /// The socket's input.
  let reader: InputSource
  /// When the front end gets the input.
  let gate: InputGate

  /// Bytes waiting unwritten in the socket's sink before events are queued instead.
  static let directBacklog = 64 << 10
  /// Bytes queued past ``directBacklog`` before the client counts as not reading.
  static let waitingLimit = 256 << 10

  // No exclusivity checks on what every write touches: every access is instantaneous, on the
  // store thread (as in ``OutputSink``).
  @exclusivity(unchecked) private var waiting: [[UInt8]] = []
  private var waitingBytes = 0
  private var waitingStateIndex: Int?
  /// Lines the front end wrote, skipped ones included: the last `seq` it used.
  @exclusivity(unchecked) private var linesWritten = 0
  @exclusivity(unchecked) private(set) var isStalled = false
  /// Whether the gate found this output backed up since the last hand-over at a drain, so
  /// that it read no more input: the next drain hands over again.
  @exclusivity(unchecked) private var isInputWaitingForDrain = false
  /// Called once, when the client stopped reading (with why, in words).
  var onStall: (String) -> Void = { _ in }

  /// A connection on the accepted socket `descriptor`, which it owns from now on, waiting for
  /// it on `loop`.
  init(descriptor: Int32, name: String, loop: any EventLoop) {
    self.name = name
    output = OutputSink(
      name: name, descriptor: descriptor, isSocket: true, closesDescriptor: true, loop: loop)
    output.waitsForDurability = true
    reader = InputSource(socket: descriptor, name: name, loop: loop)
    gate = InputGate(loop: loop)
    output.onDrain = { [weak self] _ in self?.drained() }
    // Not holding the gate, which holds the reader: the two go with the connection.
    reader.onRead = { [weak gate] result in
      guard let gate else { return }
      switch result {
      case .bytes(let bytes): gate.receive(bytes)
      case .end: gate.receiveEnd()
      case .failure(let message): gate.receiveEnd(failure: message)
      }
    }
    gate.isOutputBacklogged = { [weak self] in
      guard let self else { return false }
      let isBacklogged = output.backlog + waitingBytes > Self.directBacklog
      if isBacklogged { isInputWaitingForDrain = true }
      return isBacklogged
    }
  }

  /// Appends one or more lines the front end wrote; `false` once the output failed or the
  /// client stopped reading.
  func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard !isStalled, output.failure == nil else { return false }
    linesWritten += Self.lineCount(in: bytes)
    // Bytes held for a save are not the client's to read: only the rest counts here. (Asked
    // once when it is low, as it nearly always is: it asks the flusher for its save hook.)
    if waiting.isEmpty {
      if output.readerBacklog < Self.directBacklog { return output.write(bytes) }
      output.flush()
      if output.readerBacklog < Self.directBacklog { return output.write(bytes) }
    }
    let line = [UInt8](bytes)
    let isState = line.withUnsafeBytes { JSONLinesEventType(ofLine: $0) } == .state
    if isState, let index = waitingStateIndex {
      waitingBytes -= waiting[index].count
      waiting.remove(at: index)
    }
    waiting.append(line)
    waitingBytes += line.count
    if isState { waitingStateIndex = waiting.count - 1 }
    guard waitingBytes <= Self.waitingLimit else {
      stall()
      return false
    }
    return true
  }

  /// Everything written went out: what waited follows, and input may flow again.
  ///
  /// The gate is handed over only when that can do something: input waits for the front end
  /// (a JSON-lines client's next line waits for the events of its last action), or the gate
  /// read no more because this output was backed up. A drain after every flush, with 64
  /// clients, each idle, made the hand-over a tenth of what a client cost.
  private func drained() {
    guard !waiting.isEmpty else {
      guard isInputWaitingForDrain || gate.hasInputToHand else { return }
      isInputWaitingForDrain = false
      return gate.handOver()
    }
    let lines = waiting
    waiting = []
    waitingBytes = 0
    waitingStateIndex = nil
    for line in lines { line.withUnsafeBytes { _ = output.write($0) } }
    isInputWaitingForDrain = false
    gate.handOver()
  }

  private func stall() {
    isStalled = true
    let reason =
      "it stopped reading (more than \(Self.directBacklog + Self.waitingLimit) bytes of "
      + "events waiting); disconnected"
    waiting = []
    waitingBytes = 0
    waitingStateIndex = nil
    output.flush()
    var encoder = JSONLinesEventEncoder(capacity: 256)
    encoder.error(seq: linesWritten + 1, message: reason, line: nil, id: nil)
    var bytes = encoder.line
    // Only after a whole line, and only if the socket has room for all of it now (never
    // half a line): a client that reads nothing gets nothing.
    if output.backlog == 0, output.failure == nil,
      Self.room(in: output.descriptor) > 4 * bytes.count
    {
      _ = send(output.descriptor, &bytes, bytes.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
    }
    onStall(reason)
  }

  /// Stops reading the client, and drops what was queued for it; its output is closed by the
  /// host once what it holds is written. (The connection object may outlive this, in a
  /// typed sender a front end kept: what it holds is freed here.)
  func stopReading() {
    gate.close()
    waiting = []
    waitingBytes = 0
    waitingStateIndex = nil
  }

  /// The bytes the socket's send buffer still takes (its size less what it holds, which
  /// counts the kernel's bookkeeping too).
  private static func room(in descriptor: Int32) -> Int {
    var size: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    var queued: Int32 = 0
    guard getsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &size, &length) == 0,
      ioctl(descriptor, UInt(TIOCOUTQ), &queued) == 0
    else { return 0 }
    return Int(size) - Int(queued)
  }

  /// How many lines `bytes` ends. A loop, not `reduce` with a closure: a closure made in this
  /// main-actor class is isolated to the main actor, and Swift checks that isolation each time
  /// it is called (`swift_task_isCurrentExecutor`, once per byte written: a fifth of the
  /// host's time with 64 clients).
  /// `memchr` finds each line's end a vector at a time: a client is written a `state` event of
  /// a few hundred bytes on every change.
  private nonisolated static func lineCount(in bytes: UnsafeRawBufferPointer) -> Int {
    guard var start = bytes.baseAddress else { return 0 }
    let end = start + bytes.count
    var count = 0
    while start < end, let newline = memchr(start, Int32(UInt8(ascii: "\n")), end - start) {
      count += 1
      start = UnsafeRawPointer(newline) + 1
    }
    return count
  }
}
