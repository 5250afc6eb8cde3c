import HostIO

/// The outputs the host opened for its front ends: opened safely (one observer per file),
/// flushed before the host waits, closed once what was written to them is out, and drained
/// before it exits.
///
/// Owns the outputs still closing (those of detached front ends and of clients that left, and
/// the `--record` log at exit), which outlive their front ends. It reads the attached front
/// ends' outputs from the ``AttachmentRegistry``; a failed output is reported to `onFailure`
/// (the host drops its front end).
@MainActor
final class HostOutputs {
  /// The most an observer's output may hold unwritten before it counts as failed.
  static let observerBacklogLimit = 16 << 20

  /// Called when the output of the attached front end `session` failed, with why (fit to show).
  var onFailure: (_ session: AttachedFrontEnd, _ reason: String) -> Void = { _, _ in }
  /// Outputs of detached front ends still writing what was left to them.
  private var closing: [OutputSink] = []
  private let terminal: OutputSink
  private let loop: any EventLoop
  private let registry: AttachmentRegistry
  private let redactor: SecretRedactor
  private let settleTimeout: Duration

  /// The outputs of the front ends in `registry`, next to the `terminal`'s, on `loop`; a
  /// client's connection is given `settleTimeout` to take the rest; `redactor` keeps secrets
  /// out of the messages.
  init(
    terminal: OutputSink, loop: any EventLoop, registry: AttachmentRegistry,
    redactor: SecretRedactor, settleTimeout: Duration
  ) {
    self.terminal = terminal
    self.loop = loop
    self.registry = registry
    self.redactor = redactor
    self.settleTimeout = settleTimeout
  }

  /// Opens an output for `session`: the terminal (`path == nil`, the terminal owner only) or a
  /// file, FIFO or device (see ``OutputFile``), unsafe ones only if `allowsUnsafeFiles`.
  func open(
    for session: AttachedFrontEnd, path: String?, append: Bool, allowsUnsafeFiles: Bool
  ) throws(HostCallError) -> FrontEndOutput {
    let output: FrontEndOutput
    if let path {
      if let other = registry.session(writingTo: path) {
        throw .invalid(
          "cannot write \(path): it is already written by \(other.name) (one observer per file)")
      }
      let descriptor: Int32
      do {
        descriptor = try OutputFile.open(path, append: append, allowsUnsafeFiles: allowsUnsafeFiles)
      } catch {
        throw .invalid(
          redactor.describing(
            path, error.description,
            otherwise: "cannot open the output: its path holds a secret, so it is not repeated"))
      }
      let sink = OutputSink(
        name: path, descriptor: descriptor, closesDescriptor: true, loop: loop)
      sink.backlogLimit = Self.observerBacklogLimit
      sink.waitsForDurability = true
      sink.onFailure = { [weak self, weak session] sink, failure in
        guard let self, let session, session.isAttached else { return }
        onFailure(
          session,
          redactor.describing(
            sink.name, "cannot write \(sink.name): \(failure)",
            otherwise: "cannot write its output (a path that holds a secret): \(failure)"))
      }
      output = FrontEndOutput(
        sink: sink, session: session, isOwned: true, file: FileIdentity(descriptor: descriptor))
    } else if let connection = session.connection {
      output = FrontEndOutput(
        sink: connection.output, session: session, isOwned: false, connection: connection)
    } else {
      guard session.ownsTerminal else {
        throw .invalid(
          "only the terminal owner writes to the terminal; give '\(session.name)' an output "
            + "file instead")
      }
      output = FrontEndOutput(sink: terminal, session: session, isOwned: false)
    }
    session.outputs.append(output)
    return output
  }

  /// Closes the outputs `session` opened, each once what was written to it is out (or failed).
  func close(outputsOf session: AttachedFrontEnd) {
    for output in session.outputs where output.isOwned {
      let sink = output.sink
      sink.onFailure = nil
      sink.flush()
      guard sink.backlog > 0, sink.failure == nil else {
        sink.close()
        continue
      }
      keepWriting(sink)
    }
    session.outputs.removeAll()
  }

  /// Closes `connection` once what was written to it is out, or at once if it failed or its
  /// client stopped reading; one that does not take the rest within the settle timeout is
  /// closed then.
  func close(_ connection: RemoteConnection) {
    connection.stopReading()
    let sink = connection.output
    sink.onFailure = nil
    sink.flush()
    guard sink.backlog > 0, sink.failure == nil, !connection.isStalled else {
      sink.close()
      return
    }
    keepWriting(sink)
    loop.after(settleTimeout) { [weak self] in
      guard let self, closing.contains(where: { $0 === sink }) else { return }
      sink.close()
      closing.removeAll { $0 === sink }
    }
  }

  /// Keeps `sink`, which no front end writes to any more, until what it holds is out, then
  /// closes it; ``drain(within:)`` waits for it too.
  func keepWriting(_ sink: OutputSink) {
    closing.append(sink)
    sink.onDrain = { [weak self] sink in
      sink.close()
      self?.closing.removeAll { $0 === sink }
    }
  }

  /// Counts `sink` (the `--record` log at exit) among the outputs ``drain(within:)`` waits
  /// for, open as it is.
  func waitForAtExit(_ sink: OutputSink) {
    closing.append(sink)
  }

  /// Writes what every output still holds, waiting at most `limit` (on the loop's clock) for
  /// readers to take it.
  func drain(within limit: Duration) async {
    let deadline = loop.now + limit
    while true {
      OutputFlusher.flushAll()
      let sinks =
        [terminal] + registry.attachedFrontEnds.flatMap { $0.outputs.map(\.sink) } + closing
      let waiting = sinks.filter { $0.failure == nil && $0.backlog > 0 }
      guard !waiting.isEmpty, loop.now < deadline else { return }
      await loop.sleep(for: .milliseconds(5))
    }
  }
}
