import HostIO
import JSONLines
import TicTacToeAppCore
import UnidirectionalFlow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The game a `tictactoe --listen` host runs, seen from `tictactoe attach` through one
/// connection to its socket, which speaks the JSON-lines protocol (Documentation/JSONLines.md).
///
/// It keeps the last state the host sent, forwards the intents of the client's front ends as
/// input lines, and reports the host's events: ``onState`` for each `state`, ``onAction`` for
/// each `action`, ``onError`` for an `error` that is not the answer to a settle, and ``onEnd``
/// once, when the host went away.
///
/// Secrets: the host sends `"<redacted>"` for a password that is set. The mirrored state holds
/// the password this client typed in its place (so editing it goes on from what was typed, and
/// a front end that shows its length shows this one), or none when it was typed elsewhere: the
/// client never edits the placeholder, nor shows a length it does not know.
@MainActor
public final class RemoteGame {
  /// Why attaching failed: the message names the socket.
  public struct AttachError: Error, CustomStringConvertible {
    /// "cannot attach to /run/user/1000/tictactoe/42.sock: No such file or directory".
    public let description: String
  }

  /// The socket's path, as given.
  public let path: String
  /// The state the host sent last, the client's own typing put back (see the type's notes).
  public private(set) var state: TicTacToe.State

  /// Called with each new state.
  var onState: (TicTacToe.State) -> Void = { _ in }
  /// Called with each action the host processed: its case path, whether an effect sent it,
  /// a failed response's message, and the payload (a JSON object; `nil` from a host that sends
  /// none).
  var onAction:
    (_ casePath: String, _ fromEffect: Bool, _ error: String?, _ payload: String?) -> Void = {
      _, _, _, _ in
    }
  /// Called with the message of each `error` event that is not a settle's.
  var onError: (String) -> Void = { _ in }
  /// Called once when the connection ended, with why.
  var onEnd: (String) -> Void = { _ in }

  private let descriptor: Int32
  /// What the connection waits on; the client's host waits on it too.
  let loop: any EventLoop
  private let output: OutputSink
  private let reader: InputSource
  private var buffered: [UInt8] = []
  private var hasEnded = false
  /// The settles forwarded and not yet answered by the host, oldest first.
  private var settles: [PendingSettle] = []
  /// What this client typed that the host has not processed yet.
  private var typing = UnconfirmedTyping()

  /// The longest line the host is expected to send.
  static let lineLimit = 1 << 20
  /// The id of the settle and history commands that make a forwarded settle.
  private static let settleID = "tictactoe-attach-settle"

  /// Connects to the host's socket at `path` and reads its `hello` and first `state` (waiting
  /// at most `timeout` for them); then waits for the host on `loop`.
  public init(
    connectingTo path: String, timeout: Duration, loop: any EventLoop
  ) throws(AttachError) {
    self.path = path
    func failure(_ reason: String) -> AttachError {
      AttachError(description: "cannot attach to \(path): \(reason)")
    }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    guard !path.isEmpty, path.utf8.count < MemoryLayout.size(ofValue: address.sun_path) else {
      throw failure(
        "a socket path has 1 to \(MemoryLayout.size(ofValue: address.sun_path) - 1) bytes")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8) }
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw failure(String(cString: strerror(errno))) }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else {
      let reason = String(cString: strerror(errno))
      _ = Glibc.close(descriptor)
      throw failure(reason + (errno == ECONNREFUSED ? " (no host listens there)" : ""))
    }
    guard let uid = PeerCredentials.uid(of: descriptor), uid == geteuid() else {
      let owner = PeerCredentials.uid(of: descriptor).map { "uid \($0)" } ?? "an unknown user"
      _ = Glibc.close(descriptor)
      throw failure(
        "the process serving it runs as \(owner), not as you (uid \(geteuid())); nothing was "
          + "sent to it, since it would get what you type, your password included")
    }
    self.descriptor = descriptor
    self.loop = loop
    output = OutputSink(
      name: "the host's socket", descriptor: descriptor, isSocket: true, closesDescriptor: true,
      loop: loop)
    reader = InputSource(socket: descriptor, name: "the host's socket", loop: loop)
    state = TicTacToe.State()
    do throws(AttachError) {
      try greet(timeout: timeout)
    } catch {
      output.close()
      throw failure(error.description)
    }
  }

  /// Reads the `hello` and the first `state`, blocking (before the event loop runs), for at
  /// most `timeout` in all: a host that trickles bytes or sends other lines gets no longer.
  private func greet(timeout: Duration) throws(AttachError) {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    let tooLate = AttachError(description: "no first state from the host within \(timeout)")
    var isGreeted = false
    var first: JSONValue?
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while first == nil {
      while first == nil, let line = takeLine() {
        let event = try parse(line)
        if !isGreeted {
          guard case .hello(let greeting) = event.body,
            greeting.protocolName == JSONLinesEventEncoder.protocolName,
            greeting.version == JSONLinesEventEncoder.protocolVersion, greeting.isRemote
          else {
            throw AttachError(
              description: "it does not speak the JSON-lines protocol of a tictactoe --listen "
                + "host (no remote hello, version 1)")
          }
          isGreeted = true
        } else if case .state(let state) = event.body {
          first = state
        }
      }
      guard first == nil else { break }
      let left = deadline - clock.now
      guard left > .zero else { throw tooLate }
      // At least a microsecond: a zero timeout would wait forever.
      var limit = timeval(
        tv_sec: Int(left.components.seconds),
        tv_usec: max(1, Int(left.components.attoseconds / 1_000_000_000_000)))
      _ = setsockopt(
        descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        buffered += chunk[..<count]
        guard buffered.count <= Self.lineLimit else {
          throw AttachError(description: "the host sent a line longer than 1 MiB")
        }
      } else if count == 0 {
        throw AttachError(description: "the host closed the connection before its first state")
      } else if errno == EAGAIN {
        throw tooLate
      } else if errno != EINTR {
        throw AttachError(description: String(cString: strerror(errno)))
      }
    }
    do {
      state = try RemoteStateDecoder.state(from: first)
    } catch {
      throw AttachError(description: "the host's first state: \(error)")
    }
  }

  /// Reads the host's events from now on, on the event loop.
  func start() {
    reader.onRead = { [weak self] result in
      guard let self else { return }
      switch result {
      case .bytes(let bytes):
        buffered += bytes
        receiveLines()
      case .end: end("the host closed the connection")
      case .failure(let message): end(message)
      }
    }
    output.onFailure = { [weak self] _, failure in
      self?.end("cannot write to the host: \(failure)")
    }
    receiveLines()
  }

  /// Sends `action` to the host as an input line; a binding is applied to the mirrored state
  /// at once (by `apply`), so that the next keystroke edits what was typed.
  func forward(_ action: TicTacToe.Action) {
    guard !hasEnded else { return }
    typing.sent(action)
    RemoteIntent.line(for: action).withUnsafeBytes { _ = output.write($0) }
  }

  /// Asks the host to settle its effects; returns whether the settle timed out: the host's, or
  /// this client's wait for its answer, which lasts at most `timeout` (a host that never
  /// answers must not hang the client), or the host went away first.
  func settle(within timeout: Duration) async -> Bool {
    guard !hasEnded else { return true }
    _ = output.write(
      "{\"command\":\"settle\",\"id\":\"\(Self.settleID)\"}\n"
        + "{\"command\":\"history\",\"id\":\"\(Self.settleID)\"}\n")
    return await withCheckedContinuation { continuation in
      let settle = PendingSettle { continuation.resume(returning: $0) }
      let timer = loop.after(timeout) { settle.finish(timedOut: true) }
      settle.cancelTimer = { [loop] in loop.cancel(timer) }
      settles.append(settle)
    }
  }

  /// Closes the connection (the host then settles and forgets this client), once what was
  /// forwarded is written (waiting for room at most `drainTimeout`).
  func close() {
    guard !hasEnded else { return }
    hasEnded = true
    reader.cancel()
    output.drain(within: Self.drainTimeout)
    output.close()
  }

  /// How long closing waits for the socket to take the intents still unwritten, in ms.
  static let drainTimeout: Int32 = 1000

  private func end(_ reason: String) {
    guard !hasEnded else { return }
    close()
    let waiting = settles
    settles = []
    for settle in waiting { settle.finish(timedOut: true) }
    onEnd(reason)
  }

  private func takeLine() -> [UInt8]? {
    guard let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
    let line = Array(buffered[..<newline])
    buffered.removeSubrange(...newline)
    return line
  }

  private func parse(_ line: [UInt8]) throws(AttachError) -> JSONLinesEvent {
    do {
      return try JSONLinesEvent(decoding: line)
    } catch {
      throw AttachError(description: "the host sent \(error)")
    }
  }

  private func receiveLines() {
    while !hasEnded, let line = takeLine() {
      do {
        try receive(parse(line))
      } catch {
        return end(error.description)
      }
    }
    guard !hasEnded else { return }
    guard buffered.count <= Self.lineLimit else {
      return end("the host sent a line longer than 1 MiB")
    }
    reader.requestRead()
  }

  private func receive(_ event: JSONLinesEvent) throws(AttachError) {
    switch event.body {
    case .state(let value):
      var next: TicTacToe.State
      do {
        next = try RemoteStateDecoder.state(from: value)
      } catch {
        throw AttachError(description: "the host's state: \(error)")
      }
      typing.keep(in: &next)
      state = next
      onState(next)
    case .action(let action):
      typing.processed(casePath: action.casePath)
      onAction(
        action.casePath, action.fromEffect, action.error,
        action.payload.map { JSONValue.object($0).description })
    case .error(let failure):
      if failure.id?.string == Self.settleID, !settles.isEmpty {
        settles[0].hostTimedOut = true
      } else {
        onError(failure.message)
      }
    case .history where !settles.isEmpty:
      let settle = settles.removeFirst()
      settle.finish(timedOut: settle.hostTimedOut)
    case .hello, .replay, .history, .other: break
    }
  }
}
