import JSONLines

/// The members of an `action` event that name the action (`"action":"...","origin":"...",
/// "error":"..."`), encoded once and shared by every `jsonl` instance in the process, as
/// ``SharedState`` shares the `state` object: each instance is told of the same action in turn,
/// and writes the same bytes after its own `{"type":"action","seq":N,`.
///
/// They are a function of the case path, origin and error alone, so the encoding is kept for
/// the last of those and used again while they are equal: a stream of one kind of action
/// (typing, say) escapes its case path once. The payload, JSON the host made, follows as it is.
enum SharedAction {
  private struct Key: Equatable {
    let casePath: String
    let fromEffect: Bool
    let error: String?
  }

  // Read and written only on the store thread: every callback of a front end runs there. No
  // exclusivity checks (each instance reads them on every action): nothing reached from an
  // access comes back to them.
  @exclusivity(unchecked) nonisolated(unsafe) private static var key: Key?
  @exclusivity(unchecked) nonisolated(unsafe) private static var writer = JSONWriter(
    capacity: 256)

  /// The members naming the action at `casePath` (or the encoding already made for them).
  static func members(casePath: String, fromEffect: Bool, error: String?) -> [UInt8] {
    let current = Key(casePath: casePath, fromEffect: fromEffect, error: error)
    if current != key {
      writer.reset()
      JSONLinesEventEncoder.actionNaming(
        casePath: casePath, fromEffect: fromEffect, error: error, into: &writer)
      key = current
    }
    return writer.bytes
  }
}
