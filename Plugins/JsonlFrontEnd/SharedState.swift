import FrontEndKit
import TicTacToeFrontEndABI

/// The `state` object of the state a host holds now, as the host encoded it (ABI 1.6,
/// `read_state_json`): once per change for every front end, so standard output, observers and
/// every client of the host's socket write the same bytes, each after its own
/// `{"type":"state","seq":N,`. The front end declares ABI 1.6, so no older host attaches it.
enum SharedState {
  /// The encoded state object, the screen on top, the revision it shows, and the replay's
  /// progress (`nil` outside a replay).
  struct Encoded {
    /// The object's bytes, valid during the call they are handed to.
    let json: UnsafeRawBufferPointer
    let screen: String
    let revision: UInt64
    let replay: ReplayStatus?
  }

  /// Each screen's JSON-lines name, indexed by `ttt_feature`: a name is not made again for
  /// every state.
  private static let screenNames = (0..<5).map {
    ttt_feature_json_name(UInt32($0)).map { String(cString: $0) } ?? ""
  }

  /// Calls `body` with the state `host` holds now, encoded. If the host refuses the read (it
  /// logged why), `body` is not called: there is no state to write.
  static func withCurrent(_ host: HostConnection, _ body: (Encoded) -> Void) {
    var state = ttt_state_json()
    state.struct_size = UInt32(MemoryLayout<ttt_state_json>.size)
    guard host.api.pointee.read_state_json!(host.root, &state) == TTT_OK, state.json != nil
    else { return }
    let screen = Int(state.screen) < screenNames.count ? screenNames[Int(state.screen)] : ""
    // The replay's fields, read as a root state's.
    var root = ttt_root_state()
    root.is_replay = state.is_replay
    root.is_replay_over = state.is_replay_over
    root.replay_step = state.replay_step
    root.replay_length = state.replay_length
    body(
      Encoded(
        json: UnsafeRawBufferPointer(start: state.json, count: state.length), screen: screen,
        revision: state.revision, replay: host.replay(in: root)))
  }
}
