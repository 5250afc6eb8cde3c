import JSONLines

/// The members of an `action` event after its `seq` (`"action":"...","origin":"...",
/// "error":"...","payload":{...}`), encoded once per action and shared by every `jsonl` instance in the
/// process, as ``SharedState`` shares the `state` object: each instance is told of the same
/// action in turn, and writes the same bytes after its own `{"type":"action","seq":N,`.
///
/// They are a function of what the action callback says alone, so the encoding is kept for
/// the last case path, origin, error and payload, and used again while they are equal.
enum SharedAction {
  private struct Key: Equatable {
    let casePath: String
    let fromEffect: Bool
    let error: String?
    let payload: String?
  }

  // Read and written only on the store thread: every callback of a front end runs there.
  nonisolated(unsafe) private static var key: Key?
  nonisolated(unsafe) private static var writer = JSONWriter(capacity: 256)

  /// The members for the action at `casePath` (or the encoding already made for it).
  static func members(
    casePath: String, fromEffect: Bool, error: String?, payload: String?
  ) -> [UInt8] {
    let current = Key(casePath: casePath, fromEffect: fromEffect, error: error, payload: payload)
    if current != key {
      writer.reset()
      writer.key("action")
      writer.string(casePath)
      writer.key("origin")
      writer.string(fromEffect ? "effect" : "frontend")
      if let error {
        writer.key("error")
        writer.string(error)
      }
      if var payload {
        writer.key("payload")
        payload.withUTF8 { writer.rawValue(UnsafeRawBufferPointer($0)) }
      }
      key = current
    }
    return writer.bytes
  }
}
