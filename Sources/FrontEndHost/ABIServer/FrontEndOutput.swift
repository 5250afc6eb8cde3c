import HostIO

/// What a `ttt_output *` points at: an output the host opened for one front end
/// (`open_output`), written through its ``OutputSink`` (or, for a front end whose terminal is a
/// client of the host's socket, through that ``RemoteConnection``).
final class FrontEndOutput: Sendable {
  /// Where the bytes go.
  let sink: OutputSink
  /// The front end that opened it.
  let session: AttachedFrontEnd
  /// Whether the host closes the sink when the front end detaches (a file it opened; not the
  /// terminal, which the next owner writes to).
  let isOwned: Bool
  /// The file it writes, for refusing a second observer on it; `nil` for the terminal.
  let file: FileIdentity?
  /// The connection written through, for a front end whose terminal is a client.
  let connection: RemoteConnection?
  /// Its handle's id in ``HandleRegistry``.
  let id = HandleRegistry.reserve()
  /// The pointer handed to the front end.
  var pointer: OpaquePointer { id.pointer }

  init(
    sink: OutputSink, session: AttachedFrontEnd, isOwned: Bool, file: FileIdentity? = nil,
    connection: RemoteConnection? = nil
  ) {
    self.sink = sink
    self.connection = connection
    self.session = session
    self.isOwned = isOwned
    self.file = file
    HandleRegistry.fill(id, with: self)
  }

  /// Appends `bytes`; `false` once the output failed (or its client stopped reading).
  @MainActor func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
    if let connection { connection.write(bytes) } else { sink.write(bytes) }
  }
}
