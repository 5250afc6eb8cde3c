import FrontEndKit
import RingBuffer
import TicTacToeFrontEndABI

/// The `state` events this front end wrote, by `seq`, with the host's revision of each: what
/// `{"command":"history"}` lists and `{"command":"rewind","to":SEQ}` goes back to.
///
/// It keeps as many as the host keeps revisions (the last `TTT_REWIND_REVISIONS`), in a ring;
/// an older `seq`, or one that was not a `state` event, is refused.
struct StateEventHistory {
  /// One `state` event.
  struct Entry {
    /// Its `seq`.
    let seq: Int
    /// The host's revision of the state it showed.
    let revision: UInt64
    /// The screen on top: `login`, `twoFactor`, `newGame` or `game`.
    let screen: String
  }

  /// How many events are kept: the host's history bound.
  static let capacity = Int(TTT_REWIND_REVISIONS)

  /// The kept events, oldest first.
  private(set) var entries = Ring<Entry>(capacity: StateEventHistory.capacity)

  /// Notes a `state` event.
  mutating func record(_ entry: Entry) {
    entries.append(entry)
  }

  /// The revision the `state` event `seq` showed, or why there is none.
  func revision(ofSeq seq: Int) -> Result<UInt64, FrontEndError> {
    if let entry = entries.first(where: { $0.seq == seq }) { return .success(entry.revision) }
    let range = entries.first.map {
      "; the history holds state events \($0.seq) to \(entries.last!.seq)"
    }
    return .failure(
      FrontEndError("seq \(seq) is not a state event kept in the history" + (range ?? "")))
  }
}
