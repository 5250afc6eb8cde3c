/// The notes front ends keep for the next instance of their name (`keep_note`, `note`; ABI
/// 1.3): what they show on top of the app state, such as `ansi`'s board cursor, so that it
/// survives a switch to another front end and back. Kept in memory for the life of the host.
struct FrontEndNotes {
  /// The longest key, in bytes.
  static let keyLimit = 64
  /// The longest value, in bytes.
  static let valueLimit = 4096
  /// The most keys one front-end name keeps.
  static let countLimit = 64

  private var notes: [String: [String: String]] = [:]

  /// Keeps `value` under `key` for front ends named `name`; `nil` forgets the key.
  mutating func keep(_ value: String?, under key: String, for name: String) throws(HostCallError) {
    guard (1...Self.keyLimit).contains(key.utf8.count) else {
      throw .invalid("a note's key is 1 to \(Self.keyLimit) bytes, not \(key.utf8.count)")
    }
    guard let value else {
      notes[name]?[key] = nil
      return
    }
    guard value.utf8.count <= Self.valueLimit else {
      throw .invalid("a note is at most \(Self.valueLimit) bytes, not \(value.utf8.count)")
    }
    let kept = notes[name, default: [:]]
    guard kept[key] != nil || kept.count < Self.countLimit else {
      throw .invalid("a front end keeps at most \(Self.countLimit) notes")
    }
    notes[name, default: [:]][key] = value
  }

  /// What was kept under `key` for front ends named `name`, if anything.
  func note(under key: String, for name: String) -> String? {
    notes[name]?[key]
  }
}
