import HostIO

/// The outputs the host opened for its front ends: opened safely, flushed before the host
/// waits, closed once written, and drained before it exits.
extension FrontEndHost {
  /// Opens an output for `session`: the terminal (`path == nil`, the terminal owner only) or a
  /// file, FIFO or device (see ``OutputFile``).
  func openOutput(
    for session: AttachedFrontEnd, path: String?, append: Bool
  ) throws(HostCallError) -> FrontEndOutput {
    let output: FrontEndOutput
    if let path {
      if let other = self.session(writingTo: path) {
        throw .invalid(
          "cannot write \(path): it is already written by \(other.name) (one observer per file)")
      }
      let descriptor: Int32
      do {
        descriptor = try OutputFile.open(
          path, append: append, allowsUnsafeFiles: loadPolicy.allowsUnsafeFiles)
      } catch {
        throw .invalid(
          describing(
            path, error.description,
            otherwise: "cannot open the output: its path holds a secret, so it is not repeated"))
      }
      let sink = OutputSink(
        name: path, descriptor: descriptor, closesDescriptor: true, loop: loop)
      sink.backlogLimit = Self.observerBacklogLimit
      sink.waitsForDurability = true
      sink.onFailure = { [weak self, weak session] sink, failure in
        guard let self, let session, session.isAttached else { return }
        requests.append(
          .dropFailedOutput(
            reason: describing(
              sink.name, "cannot write \(sink.name): \(failure)",
              otherwise: "cannot write its output (a path that holds a secret): \(failure)")),
          from: session)
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
      output = FrontEndOutput(sink: terminalOutput, session: session, isOwned: false)
    }
    session.outputs.append(output)
    return output
  }

  /// Closes the outputs `session` opened, each once what was written to it is out (or failed).
  func closeOutputs(of session: AttachedFrontEnd) {
    for output in session.outputs where output.isOwned {
      let sink = output.sink
      sink.onFailure = nil
      sink.flush()
      guard sink.backlog > 0, sink.failure == nil else {
        sink.close()
        continue
      }
      closingOutputs.append(sink)
      sink.onDrain = { [weak self] sink in
        sink.close()
        self?.closingOutputs.removeAll { $0 === sink }
      }
    }
    session.outputs.removeAll()
  }

  /// Writes everything written so far, now (tests read files right after a send).
  public func flushOutputs() { OutputFlusher.flushAll() }

  /// Writes what every output still holds, waiting at most `limit` (on the loop's clock) for
  /// readers to take it.
  func drainOutputs(within limit: Duration) async {
    let deadline = loop.now + limit
    while true {
      OutputFlusher.flushAll()
      let sinks =
        [terminalOutput] + attachedFrontEnds.flatMap { $0.outputs.map(\.sink) } + closingOutputs
      let waiting = sinks.filter { $0.failure == nil && $0.backlog > 0 }
      guard !waiting.isEmpty, loop.now < deadline else { return }
      await loop.sleep(for: .milliseconds(5))
    }
  }
}
