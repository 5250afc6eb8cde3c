import FrontEndKit
import JSONLines

/// The state the page draws, as one JSON object, made on the store thread for every change.
///
/// Written from the host's reflection (FrontEndKit's `StateJSON` with every field under its
/// C name, derived ones too): a field the app gains reaches the page with no table here to
/// update, and the page draws the host's view values (`is_login_button_enabled`, `title`)
/// instead of working them out. The password is never in it (only its length crosses the
/// ABI); the page shows a fixed mask.
///
/// ```json
/// {"revision":7,"screen":"game","state":{"newGame":{"o_player_name":"Blub",...,
///  "game":{"board":[["x",null,null],...],"title":"..."}}}}
/// ```
struct StateSnapshot {
  private let encoder: StateJSON

  /// The snapshot writer of the state `host` describes (its fields are read once).
  init(_ host: HostConnection) { encoder = StateJSON(host, members: .everyField) }

  /// The snapshot of the state read through `host` now: its revision, the screen on top, the
  /// state, and the replay's banner when one drives the game.
  func encode(_ host: HostConnection) -> [UInt8] {
    var writer = JSONWriter(capacity: 1024)
    writer.beginObject()
    writer.key("revision")
    writer.number(JSONNumber(String(host.revision()))!)
    writer.key("state")
    let screen = encoder.write(host, to: &writer)
    writer.key("screen")
    writer.string(screen)
    if let replay = host.replay() {
      writer.key("replay")
      writer.string(replay.banner)
    }
    writer.endObject()
    return writer.bytes
  }
}
