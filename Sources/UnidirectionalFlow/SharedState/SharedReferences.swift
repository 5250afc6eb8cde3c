import Synchronization

/// The references alive in this process, by key ``SharedKey/id``: a second `@Shared` of a key
/// gets the first one's reference, so that both see one value.
///
/// A reference is held weakly: when no `@Shared` holds it any more, the next one of its key
/// loads the value again (from its file, for a file), except for in-memory keys, whose storage
/// holds its references for the life of the process.
enum SharedReferences {
  private static let alive = Mutex(Table())

  /// The reference of `key`: the one alive, or a new one holding the stored value, else
  /// `defaultValue`.
  static func reference<Value>(
    for key: some SharedKey<Value>, defaultValue: () -> Value
  ) -> SharedReference<Value> {
    alive.withLock { alive in
      if let existing = alive.references[key.id]?.reference {
        if let reference = existing as? SharedReference<Value> { return reference }
        reportIssue(
          "\(existing.description) holds a \(type(of: existing.liveValue)), not a "
            + "\(Value.self); this @Shared has a value of its own.")
        return SharedReference(key.load() ?? defaultValue(), key: nil)
      }
      let (loaded, failure) = key.loadReportingFailure()
      let reference = SharedReference(loaded ?? defaultValue(), key: key, loadError: failure)
      alive.insert(reference, for: key.id)
      return reference
    }
  }

  /// The references by key, and how many there may be before the dead ones are dropped.
  private struct Table {
    var references: [String: WeakReference] = [:]
    var pruneAbove = 64

    mutating func insert(_ reference: any AnySharedReference, for id: String) {
      references[id] = WeakReference(reference: reference)
      guard references.count > pruneAbove else { return }
      references = references.filter { $0.value.reference != nil }
      pruneAbove = max(64, 2 * references.count)
    }
  }

  private struct WeakReference {
    weak var reference: (any AnySharedReference)?
  }
}
