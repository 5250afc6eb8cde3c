import FrontEndKit
import JSONLines
import TicTacToeFrontEndABI

/// The `state` object of the state a host holds now, encoded once per change and shared by
/// every `jsonl` instance in the process: standard output, observers and every client of the
/// host's socket write the same bytes, each after its own `{"type":"state","seq":N,`.
///
/// A host of ABI 1.6 encodes it itself, once per change for every front end
/// (`read_state_json`): its bytes are written as they are. From an older host the object is
/// written here from reflection (``StateJSON``), kept for one state, named by the host's
/// routine table and the state's revision (ABI 1.2): a host hands out a table of its own, and
/// counts every change of its state, a rewind included, as a new revision, so the pair names
/// one state. An instance whose change callback comes after another's reads the root once and
/// finds the encoding made. A host without revisions (ABI 1.1) gets a new encoding every time.
enum SharedState {
  /// The encoded state object, the screen on top, the revision it shows (`nil` on a host
  /// without revisions), and the replay's progress (`nil` outside a replay).
  struct Encoded {
    /// The object's bytes, valid during the call they are handed to.
    let json: UnsafeRawBufferPointer
    let screen: String
    let revision: UInt64?
    let replay: ReplayStatus?
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
  /// Each screen's JSON-lines name, indexed by `ttt_feature`: a name is not made again for
  /// every state.
  private static let screenNames = (0..<5).map {
    ttt_feature_json_name(UInt32($0)).map { String(cString: $0) } ?? ""
  }

  /// Calls `body` with the state `host` holds now, encoded, and returns what it returns.
  static func withCurrent<Result>(_ host: HostConnection, _ body: (Encoded) -> Result) -> Result {
    if let state = fromHost(host) {
      let screen = Int(state.screen) < screenNames.count ? screenNames[Int(state.screen)] : ""
      // The replay's fields, read as a root state's.
      var root = ttt_root_state()
      root.is_replay = state.is_replay
      root.is_replay_over = state.is_replay_over
      root.replay_step = state.replay_step
      root.replay_length = state.replay_length
      return body(
        Encoded(
          json: UnsafeRawBufferPointer(start: state.json, count: state.length), screen: screen,
          revision: state.revision, replay: host.replay(in: root)))
    }
    let root = host.rootState()
    let revision = host.supportsRewind ? root.revision : nil
    let current = revision.map { Key(api: host.api, revision: $0) }
    if current == nil || current != key {
      key = nil
      writer.reset()
      screen = encoding(for: host).write(host, root: root, to: &writer)
      key = current
    }
    return writer.bytes.withUnsafeBytes {
      body(Encoded(json: $0, screen: screen, revision: revision, replay: host.replay(in: root)))
    }
  }

  /// The object as a host of ABI 1.6 encoded it, or `nil` from an older host.
  private static func fromHost(_ host: HostConnection) -> ttt_state_json? {
    guard host.api.pointee.abi_minor >= 6 else { return nil }
    var state = ttt_state_json()
    state.struct_size = UInt32(MemoryLayout<ttt_state_json>.size)
    guard host.api.pointee.read_state_json!(host.root, &state) == TTT_OK, state.json != nil
    else { return nil }
    return state
  }

  /// The encoder for `host`, made on its first state.
  private static func encoding(for host: HostConnection) -> StateJSON {
    if let encoder, encoder.api == host.api { return encoder.1 }
    let made = StateJSON(host)
    encoder = (host.api, made)
    return made
  }
}
