import HostIO

/// What a `ttt_output *` points at: an output the host opened for one front end
/// (`open_output`), written through its ``OutputSink``.
final class SessionOutput: Sendable {
  /// Where the bytes go.
  let sink: OutputSink
  /// The front end that opened it.
  let session: FrontEndSession
  /// Whether the host closes the sink when the front end detaches (a file it opened; not the
  /// terminal, which the next owner writes to).
  let isOwned: Bool
  /// The file it writes, for refusing a second observer on it; `nil` for the terminal.
  let file: FileIdentity?

  init(sink: OutputSink, session: FrontEndSession, isOwned: Bool, file: FileIdentity? = nil) {
    self.sink = sink
    self.session = session
    self.isOwned = isOwned
    self.file = file
    HandleRegistry.register(self)
  }

  /// The pointer handed to the front end.
  var pointer: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }
}
