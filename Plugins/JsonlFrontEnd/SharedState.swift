import FrontEndKit
import JSONLines
import TicTacToeFrontEndABI

/// The `state` object of the state a host holds now, encoded once per change and shared by
/// every `jsonl` instance in the process: standard output, observers and every client of the
/// host's socket write the same bytes, each after its own `{"type":"state","seq":N,`.
///
/// The encoding is kept for one state, named by the host's routine table and the state's
/// revision (ABI 1.2): a host hands out a table of its own, and counts every change of its
/// state, a rewind included, as a new revision, so the pair names one state. An instance whose
/// change callback comes after another's reads the root once and finds the encoding made.
/// A host without revisions (ABI 1.1) gets a new encoding every time.
enum SharedState {
  /// The encoded state object, the screen on top, and the revision it shows (`nil` on a host
  /// without revisions).
  struct Encoded {
    let json: [UInt8]
    let screen: String
    let revision: UInt64?
  }

  private struct Key: Equatable {
    let api: UnsafePointer<ttt_host_api>
    let revision: UInt64
  }

  // Read and written only on the store thread: every callback of a front end runs there. No
  // exclusivity checks (each instance reads them on every change): nothing reached from an
  // access comes back to them.
  @exclusivity(unchecked) nonisolated(unsafe) private static var key: Key?
  @exclusivity(unchecked) nonisolated(unsafe) private static var screen = ""
  @exclusivity(unchecked) nonisolated(unsafe) private static var writer = JSONWriter(
    capacity: 1024)
  /// The encoder of the host whose routine table it names: its field list is read once.
  nonisolated(unsafe) private static var encoder: (api: UnsafePointer<ttt_host_api>, StateJSON)?

  /// The state `host` holds now, whose root `root` was just read, encoded (or the encoding
  /// already made for it).
  static func current(_ host: HostConnection, root: ttt_root_state) -> Encoded {
    let revision = host.supportsRewind ? root.revision : nil
    let current = revision.map { Key(api: host.api, revision: $0) }
    if current == nil || current != key {
      key = nil
      writer.reset()
      screen = encoding(for: host).write(host, root: root, to: &writer)
      key = current
    }
    return Encoded(json: writer.bytes, screen: screen, revision: revision)
  }

  /// The encoder for `host`, made on its first state.
  private static func encoding(for host: HostConnection) -> StateJSON {
    if let encoder, encoder.api == host.api { return encoder.1 }
    let made = StateJSON(host)
    encoder = (host.api, made)
    return made
  }
}
